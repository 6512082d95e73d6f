/**
 * The playground's scenes in localStorage: the autosave (restored on the next visit) and the
 * hand-over slot a lesson's "Open in the playground" writes. Storage may be full, disabled or
 * hold junk: reads then find nothing and writes say they failed, never throw.
 */
const AUTOSAVE = 'ik-playground:autosave:v1';
const HANDOFF = 'ik-playground:handoff:v1';
/** A hand-over older than this was not meant for this page load (a stale tab). */
const HANDOFF_TTL_MS = 10 * 60 * 1000;

const store = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

export function loadAutosave(): string | null {
  try {
    return store()?.getItem(AUTOSAVE) ?? null;
  } catch {
    return null;
  }
}

/** Returns '' when saved, or why not (storage full or switched off). */
export function saveAutosave(json: string): string {
  try {
    const s = store();
    if (!s)
      return 'This browser keeps no local storage here, so the scene is not saved between visits.';
    s.setItem(AUTOSAVE, json);
    return '';
  } catch (e) {
    return `The scene could not be saved in this browser (${(e as Error).name}); download it with “Save .json” to keep it.`;
  }
}

export function clearAutosave(): void {
  try {
    store()?.removeItem(AUTOSAVE);
  } catch {
    /* nothing saved, nothing to clear */
  }
}

/** A lesson hands its scene to the playground it is about to open. */
export function writeHandoff(json: string, from: string): boolean {
  try {
    store()?.setItem(HANDOFF, JSON.stringify({ at: Date.now(), from, json }));
    return true;
  } catch {
    return false;
  }
}

/** The handed-over scene (once: it is removed as it is read), or null. */
export function takeHandoff(now = Date.now()): { json: string; from: string } | null {
  try {
    const s = store();
    const raw = s?.getItem(HANDOFF);
    if (!raw) return null;
    s!.removeItem(HANDOFF);
    const v = JSON.parse(raw) as { at?: unknown; from?: unknown; json?: unknown };
    if (typeof v.json !== 'string' || typeof v.at !== 'number' || now - v.at > HANDOFF_TTL_MS)
      return null;
    return { json: v.json, from: typeof v.from === 'string' ? v.from : 'a lesson' };
  } catch {
    return null;
  }
}
