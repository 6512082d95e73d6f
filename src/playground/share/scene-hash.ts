/**
 * Where a share link carries its scene: `#scene=<code>`. Apart from the codec, so a page that
 * only asks whether its address holds a scene (the embed page, before its first demo) does
 * not load the compression code.
 */
export const SCENE_HASH_KEY = 'scene';

/** The scene code in a location's fragment (`#scene=…`), or null. */
export function sceneCodeIn(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(SCENE_HASH_KEY);
}
