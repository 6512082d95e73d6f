/**
 * Work a page can do after its first demo runs: code that is not needed to see and drag a demo
 * (typeset formulas, the on-canvas buttons, the footer's source links) waits for this, so a
 * page's first demo comes up on the least code (issue 13's page budgets). What waits belongs to
 * demos, and a demo that is never on screen never runs: nothing is left waiting that a reader
 * could see.
 */
let ran = false;
const waiting: (() => void)[] = [];

/** Called by a demo frame each time it starts running; the first call releases the waiters. */
export function demoRan(): void {
  if (ran) return;
  ran = true;
  for (const go of waiting.splice(0)) go();
}

/** Resolves once a demo on the page has run. */
export function afterFirstDemo(): Promise<void> {
  return ran ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}
