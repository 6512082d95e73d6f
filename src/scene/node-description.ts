import { Node } from './node.ts';
import { defineNodeType } from './node-type.ts';
import { numberProperty } from './property.ts';

/**
 * Node's own description, the base of every other. It lives apart from node.ts so that the
 * description types, which name Node, do not import the file that would import them.
 */
export const nodeType = defineNodeType<Node>({
  name: 'Node',
  summary: 'A plain node: groups others (IK nodes, say); it has no place in space.',
  class: Node,
  base: null,
  create: () => new Node(),
  properties: [
    numberProperty<Node>({
      name: 'processPriority',
      label: 'Process priority',
      group: 'Node',
      help: 'Lower runs earlier each frame; IK nodes start at 100 so they solve after whatever moves their targets.',
      get: (n) => n.processPriority,
      set: (n, v) => (n.processPriority = v),
    }),
  ],
});
