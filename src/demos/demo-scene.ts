import type { DemoDefinition, DemoInstance } from './contract.ts';
import { nullControls } from './null-controls.ts';
import { defaultValues } from './params.ts';
import { withAuthoredPose } from '../ik/authored-pose.ts';
import { NODE_TYPES } from '../ik/node-types.ts';
import { drawsItself } from '../scene/draws-itself.ts';
import { sceneToJSON, type SceneJSON } from '../scene/scene-json.ts';

/**
 * A demo's scene as a scene file, and `note`: what the playground should say about what the
 * file could not keep ('' if nothing).
 */
export interface DemoSceneFile {
  json: SceneJSON;
  note: string;
}

/**
 * A demo's scene as a scene file: its node tree as it is now, framed as the demo frames it.
 * Node classes the scene format does not list (a Spider2D, whose walking is code) are saved as
 * their nearest listed base, so the file keeps their nodes but not their behaviour; the note
 * names them.
 */
export function demoScene(instance: DemoInstance, title: string): DemoSceneFile {
  const flattened = new Set<string>();
  const selfDrawn = new Set<string>();
  instance.root.walk((n) => {
    if (NODE_TYPES.named(n.typeName)) return;
    flattened.add(n.typeName);
    if (drawsItself(n)) selfDrawn.add(n.typeName);
  });
  return {
    json: withAuthoredPose(instance.root, () =>
      sceneToJSON(instance.root, NODE_TYPES, { title, view: instance.world }),
    ),
    note: flattenedNote([...flattened], [...selfDrawn]),
  };
}

/** What the playground tells a student about nodes a scene file could not keep as they were. */
function flattenedNote(flattened: string[], selfDrawn: string[]): string {
  if (!flattened.length) return '';
  const list = (names: string[]) => names.join(', ');
  let note = ` Its ${list(flattened)} nodes are saved as plain nodes: their behaviour is code, not part of a scene file.`;
  // A crowd kept in flat arrays has no child nodes: what it drew does not come along at all.
  if (selfDrawn.length)
    note += ` A ${list(selfDrawn)} draws what it holds itself, from flat arrays rather than nodes, so the file has none of it: to bring it along, keep it as nodes in the lesson before opening.`;
  return note;
}

/** A fresh demo's scene, built without its page (no controls, default parameters). */
export function freshDemoScene(def: DemoDefinition): DemoSceneFile {
  const instance = def.create({ controls: nullControls }, defaultValues(def.params));
  try {
    instance.update(0);
    return demoScene(instance, def.title);
  } finally {
    instance.destroy?.();
  }
}
