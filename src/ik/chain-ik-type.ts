import { Bone2D } from '../scene/bone2d.ts';
import { nodeType } from '../scene/node-description.ts';
import { defineNodeType } from '../scene/node-type.ts';
import { Node2D } from '../scene/node2d.ts';
import {
  booleanProperty,
  limitsProperty,
  nodePathProperty,
  nodesOf,
  numberProperty,
  textProperty,
} from '../scene/property.ts';
import { ChainIK2D } from './chain-ik-2d.ts';

/** What a bone path and a target or pole path may lead to. */
export const BONES = nodesOf(Bone2D, 'a Bone2D');
export const POINTS = nodesOf(Node2D, 'a Node2D or Marker2D');

/**
 * What every chain IK node shares: the chain (root and tip bone), the target, how it solves,
 * limits per bone, and its last result as a read-only line.
 */
export const chainIK2DType = defineNodeType<ChainIK2D>({
  name: 'ChainIK2D',
  summary: 'The base of the chain IK nodes.',
  class: ChainIK2D,
  base: nodeType,
  properties: [
    textProperty<ChainIK2D>({
      name: 'status',
      label: 'Last solve',
      group: 'Status',
      get: (n) => chainStatusLine(n),
    }),
    nodePathProperty<ChainIK2D>({
      name: 'rootBonePath',
      label: 'Root bone',
      group: 'Chain',
      accepts: BONES,
      help: 'The first bone of the chain, as a path from this node.',
      get: (n) => n.rootBonePath,
      set: (n, v) => (n.rootBonePath = v),
    }),
    nodePathProperty<ChainIK2D>({
      name: 'tipBonePath',
      label: 'Tip bone',
      group: 'Chain',
      accepts: BONES,
      help: 'The last bone of the chain: the root bone or a bone below it.',
      get: (n) => n.tipBonePath,
      set: (n, v) => (n.tipBonePath = v),
    }),
    nodePathProperty<ChainIK2D>({
      name: 'targetPath',
      label: 'Target',
      group: 'Chain',
      accepts: POINTS,
      help: 'The node the tip reaches for (not inside the chain).',
      get: (n) => n.targetPath,
      set: (n, v) => (n.targetPath = v),
    }),
    booleanProperty<ChainIK2D>({
      name: 'enabled',
      label: 'Enabled',
      group: 'Solve',
      help: 'Solve every frame.',
      get: (n) => n.enabled,
      set: (n, v) => (n.enabled = v),
    }),
    numberProperty<ChainIK2D>({
      name: 'mix',
      label: 'Mix',
      group: 'Solve',
      min: 0,
      max: 1,
      step: 0.01,
      help: 'Blend from the bones’ own (FK) pose at 0 to the full IK result at 1 (Spine’s mix).',
      get: (n) => n.mix,
      set: (n, v) => (n.mix = v),
    }),
    numberProperty<ChainIK2D>({
      name: 'tolerance',
      label: 'Tolerance',
      group: 'Solve',
      min: 0,
      step: 0.1,
      unit: 'scene units',
      help: 'Stop when the tip is this close to the target.',
      get: (n) => n.tolerance,
      set: (n, v) => (n.tolerance = v),
    }),
    numberProperty<ChainIK2D>({
      name: 'maxIterations',
      label: 'Iteration cap',
      group: 'Solve',
      min: 0,
      max: 10_000,
      integer: true,
      help: 'The solver never runs more iterations than this in one frame.',
      get: (n) => n.maxIterations,
      set: (n, v) => (n.maxIterations = v),
    }),
    booleanProperty<ChainIK2D>({
      name: 'startFromRest',
      label: 'Start from rest',
      group: 'Solve',
      help: 'Each solve starts from the rest pose (a cold start) instead of the current pose.',
      get: (n) => n.startFromRest,
      set: (n, v) => (n.startFromRest = v),
    }),
    limitsProperty<ChainIK2D>({
      name: 'joints',
      label: 'Joint limits',
      group: 'Limits',
      help: 'Per bone from the root: the local rotations it may take. Limits mirror with the skeleton.',
      get: (n) => n.joints,
      set: (n, v) => (n.joints = v.map((j) => ({ ...j }))),
    }),
  ],
});

/** The last solve in one line, as the scene panel and the inspector show it. */
export function chainStatusLine(ik: ChainIK2D): string {
  const s = ik.status;
  if (!s.ok) return `problem: ${s.message}`;
  const error = Number.isFinite(s.error) ? s.error.toFixed(3) : '—';
  const verdict = s.reached
    ? 'reached'
    : s.reachability === 'reachable'
      ? 'not reached'
      : s.reachability === 'dead-zone'
        ? 'in the dead zone'
        : s.reachability;
  const why = s.capped ? ', stopped by the cap' : s.stalled ? ', stalled' : '';
  const warn = s.warning ? ` (warning: ${s.warning})` : '';
  return `${s.bones} bones, ${s.iterations} iteration${s.iterations === 1 ? '' : 's'}, tip ${error} from the target: ${verdict}${why}${warn}`;
}
