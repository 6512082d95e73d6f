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

/**
 * A lesson hands its scene to the playground it is about to open, under an id the link carries
 * (`#handoff=<id>`), so two quick clicks open two tabs with their own scenes, and a middle-click
 * works too. Returns the id, or null when storage refuses. Old hand-overs are cleared.
 */
export function writeHandoff(
  json: string,
  from: string,
  note = '',
  now = Date.now(),
): string | null {
  try {
    const s = store();
    if (!s) return null;
    for (let i = s.length - 1; i >= 0; i--) {
      const key = s.key(i);
      if (!key?.startsWith(HANDOFF)) continue;
      const at = Number(key.slice(HANDOFF.length + 1).split('-')[0]);
      if (!(now - at < HANDOFF_TTL_MS)) s.removeItem(key);
    }
    const id = `${now}-${Math.random().toString(36).slice(2, 8)}`;
    s.setItem(`${HANDOFF}:${id}`, JSON.stringify({ from, json, note }));
    return id;
  } catch {
    return null;
  }
}

/**
 * The hand-over with this id (once: it is removed as it is read), or null. `note` says what the
 * file could not keep (nodes whose behaviour is code), '' if nothing.
 */
export function takeHandoff(id: string): { json: string; from: string; note: string } | null {
  try {
    const s = store();
    const key = `${HANDOFF}:${id}`;
    const raw = s?.getItem(key);
    if (!raw) return null;
    s!.removeItem(key);
    const v = JSON.parse(raw) as { from?: unknown; json?: unknown; note?: unknown };
    if (typeof v.json !== 'string') return null;
    return {
      json: v.json,
      from: typeof v.from === 'string' ? v.from : 'a lesson',
      note: typeof v.note === 'string' ? v.note : '',
    };
  } catch {
    return null;
  }
}
