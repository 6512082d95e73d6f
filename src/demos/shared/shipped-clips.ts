/**
 * The course's BVH clips, fetched from the site's clips/ folder (public/clips in the source)
 * when a 3D demo first loads, instead of being inlined in the scripts every page loads.
 */
export const CLIP_NAMES = ['walk', 'idle', 'strider-walk', 'strider-idle'] as const;
export type ClipName = (typeof CLIP_NAMES)[number];

const texts = new Map<ClipName, string>();
let loading: Promise<void> | null = null;

/**
 * The site's root: in a build the scripts sit in <root>/assets/, so it is the folder above this
 * module; the dev server serves public/ at its root.
 */
function siteRoot(): URL {
  if (import.meta.env.DEV) return new URL('/', location.href);
  return new URL(/* @vite-ignore */ '../', import.meta.url);
}

/** Fetches every clip once; a failed fetch can be tried again (the promise is dropped). */
export function loadShippedClips(): Promise<void> {
  loading ??= Promise.all(
    CLIP_NAMES.map(async (name) => {
      const url = new URL(`clips/${name}.bvh`, siteRoot());
      const response = await fetch(url);
      if (!response.ok)
        throw new Error(`clips/${name}.bvh could not be fetched (HTTP ${response.status})`);
      texts.set(name, await response.text());
    }),
  ).then(
    () => undefined,
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** Hands the clips over directly (Node tests and benchmarks read them from disk). */
export function provideClips(read: (name: ClipName) => string): void {
  for (const name of CLIP_NAMES) texts.set(name, read(name));
  loading = Promise.resolve();
}

/** A clip's BVH text; the clips must have been loaded (a 3D demo's loader does it). */
export function shippedClip(name: ClipName): string {
  const text = texts.get(name);
  if (text === undefined)
    throw new Error(
      `The clip ${name}.bvh is not loaded yet: a 3D demo loads the clips before it starts.`,
    );
  return text;
}
