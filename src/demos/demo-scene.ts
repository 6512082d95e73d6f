import type { DemoDefinition, DemoInstance } from './contract';
import { nullControls } from './null-controls';
import { defaultValues } from './params';
import { withAuthoredPose } from '../ik/authored-pose';
import { NODE_TYPES } from '../ik/node-types';
import { sceneToJSON, type SceneJSON } from '../scene/scene-json';

/**
 * A demo's scene as a scene file: its node tree as it is now, framed as the demo frames it.
 * Node classes the scene format does not list (a Spider2D, whose walking is code) are saved as
 * their nearest listed base, so the file keeps their nodes but not their behaviour; `flattened`
 * names them, so the playground can say so.
 */
export function demoScene(
  instance: DemoInstance,
  title: string,
): { json: SceneJSON; flattened: string[] } {
  const flattened = new Set<string>();
  instance.root.walk((n) => {
    if (!NODE_TYPES.named(n.typeName)) flattened.add(n.typeName);
  });
  return {
    json: withAuthoredPose(instance.root, () =>
      sceneToJSON(instance.root, NODE_TYPES, { title, view: instance.world }),
    ),
    flattened: [...flattened],
  };
}

/** A fresh demo's scene, built without its page (no controls, default parameters). */
export function freshDemoScene(def: DemoDefinition): { json: SceneJSON; flattened: string[] } {
  const instance = def.create({ controls: nullControls }, defaultValues(def.params));
  try {
    instance.update(0);
    return demoScene(instance, def.title);
  } finally {
    instance.destroy?.();
  }
}
