import type { DemoSource } from '../demos/contract.ts';
import { sourceOf } from '../demos/contract.ts';
import { NODE_TYPES } from '../ik/node-types.ts';
import { decodeScene } from '../playground/share/scene-code.ts';
import { openSceneText } from '../playground/share/scene-file.ts';
import { sceneDemo } from './scene-demo.ts';

export { decodeScene };

export type SceneSourceResult = { ok: true; source: DemoSource } | { ok: false; message: string };

/**
 * A playground scene as a demo the page can show: `read` gets its text (from a share code or a
 * file), `label` names it in messages. What was wrong (an unreadable code, a failed fetch, a
 * damaged file) comes back as a message, never thrown. The embed page and <ik-demo> import this
 * module only when they show a scene, so the scene format and every node type load only then.
 */
export async function sceneSource(
  read: () => Promise<string>,
  label: string,
): Promise<SceneSourceResult> {
  let text: string;
  try {
    text = await read();
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  const opened = openSceneText(text, NODE_TYPES, label);
  return opened.ok
    ? { ok: true, source: sourceOf(sceneDemo(opened.doc, NODE_TYPES)) }
    : { ok: false, message: opened.message };
}
