/**
 * Which lessons the student has opened and finished, kept in localStorage. Storage may be full,
 * disabled or hold junk from an older version: all of that reads as "no progress", never throws.
 */
const KEY = 'ik-course:progress:v1';

export interface Progress {
  visited: string[];
  completed: string[];
  last: string | null;
  /** Each prediction answered ("lesson/predict-2"): the index of the choice picked. */
  answers: Record<string, number>;
  /** Challenges the student has solved ("lesson/challenge-1"). */
  solved: string[];
}

const empty = (): Progress => ({ visited: [], completed: [], last: null, answers: {}, solved: [] });

export function loadProgress(storage: Storage | undefined = globalThis.localStorage): Progress {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return empty();
    const p = JSON.parse(raw) as Partial<Progress>;
    const strings = (v: unknown) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    const answers: Record<string, number> = {};
    if (p.answers && typeof p.answers === 'object')
      for (const [k, v] of Object.entries(p.answers))
        if (Number.isInteger(v) && (v as number) >= 0) answers[k] = v as number;
    return {
      visited: strings(p.visited),
      completed: strings(p.completed),
      last: typeof p.last === 'string' ? p.last : null,
      answers,
      solved: strings(p.solved),
    };
  } catch {
    return empty();
  }
}

export function saveProgress(
  p: Progress,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(p));
  } catch {
    // Private mode or a full quota: progress is a convenience, the course works without it.
  }
}

export function markVisited(p: Progress, id: string): Progress {
  return { ...p, visited: p.visited.includes(id) ? p.visited : [...p.visited, id], last: id };
}

export function markCompleted(p: Progress, id: string): Progress {
  return { ...p, completed: p.completed.includes(id) ? p.completed : [...p.completed, id] };
}

export const markAnswered = (p: Progress, id: string, choice: number): Progress => ({
  ...p,
  answers: { ...p.answers, [id]: choice },
});

export function markSolved(p: Progress, id: string): Progress {
  return { ...p, solved: p.solved.includes(id) ? p.solved : [...p.solved, id] };
}
