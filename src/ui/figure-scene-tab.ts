import type { DemoInstance } from '../demos/contract.ts';
import type { Node } from '../scene/node.ts';
import type { FigureLayout } from './figure-layout.ts';
import type { SceneTreePanel } from './scene-tree-panel.ts';

/**
 * The figure's scene panel, in the dock's Scene tab. Its code (and every node type's, for
 * their icons and properties) comes after the page's first demo runs, or at once when the
 * reader opens the tab (running-figure.ts waits for either): a figure seen without it does not
 * pay for it.
 */
export async function loadSceneTab(
  layout: FigureLayout,
  instance: DemoInstance,
  highlight: (node: Node | null) => void,
  stillWanted: () => boolean,
): Promise<SceneTreePanel | null> {
  const [{ SceneTreePanel }, { NODE_TYPES }] = await Promise.all([
    import('./scene-tree-panel.ts'),
    import('../ik/node-types.ts'),
  ]);
  if (!stillWanted()) return null;
  const fold = instance.foldedInTree?.bind(instance);
  const types = NODE_TYPES.with(instance.nodeTypes ?? []);
  const tree = new SceneTreePanel(instance.root, types, highlight, fold);
  layout.fillScene(tree.element);
  return tree;
}
