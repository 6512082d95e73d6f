import { CCDIK2D } from '../../ik/ccd-ik-2d.ts';
import type { ChainIK2D } from '../../ik/chain-ik-2d.ts';
import { FABRIK2D } from '../../ik/fabrik-2d.ts';
import { JacobianIK2D } from '../../ik/jacobian-ik-2d.ts';
import type { Vec2 } from '../../math/vec2.ts';
import type { Bone2D } from '../../scene/bone2d.ts';
import { Marker2D } from '../../scene/marker2d.ts';
import { Node2D } from '../../scene/node2d.ts';
import { buildChain } from '../shared/build-chain.ts';
import { flipScale } from '../shared/flips.ts';
import type { RaceRecord } from '../shared/race-runner.ts';

const LENGTHS = [52, 46, 40, 34, 28, 22, 18, 15, 12, 10];
/** Each pane's size; the four sit around the origin. */
export const PANEL = { width: 380, height: 300 };
/** Where each chain's root is, in its pane. */
const BASE: Vec2 = { x: -130, y: 100 };

/** The four solvers, in the panes' order (top left, top right, bottom left, bottom right). */
export const LANE_IDS = ['ccd', 'fabrik', 'transpose', 'dls'] as const;
export type LaneId = (typeof LANE_IDS)[number];
/** The panes' node names in the scene tree. */
const NODE_NAMES: Record<LaneId, string> = {
  ccd: 'CCD',
  fabrik: 'FABRIK',
  transpose: 'Jacobiantranspose',
  dls: 'DLS',
};

/** One pane: its own chain, target and solver, and the solve recorded for the replay. */
export interface Lane {
  id: LaneId;
  name: string;
  color: 'series1' | 'series2' | 'series3' | 'series4';
  css: string;
  panel: Node2D;
  skeleton: Node2D;
  bones: Bone2D[];
  target: Marker2D;
  ik: ChainIK2D;
  record: RaceRecord | null;
  micros: number;
}

function solverFor(id: LaneId): ChainIK2D {
  if (id === 'ccd') return new CCDIK2D('CCDIK2D');
  if (id === 'fabrik') return new FABRIK2D('FABRIK2D');
  const j = new JacobianIK2D('JacobianIK2D');
  j.method = id === 'dls' ? 'dls' : 'transpose';
  return j;
}

/** The pane for solver `id`, the `index`th, under `world`: `n` bones aiming at `target`. */
export function makeLane(
  world: Node2D,
  id: LaneId,
  name: string,
  index: number,
  n: number,
  target: Vec2,
): Lane {
  const panel = world.addChild(new Node2D(NODE_NAMES[id]));
  panel.position = {
    x: (index % 2 === 0 ? -0.5 : 0.5) * PANEL.width,
    y: (index < 2 ? -0.5 : 0.5) * PANEL.height,
  };
  const skeleton = panel.addChild(new Node2D('Skeleton'));
  skeleton.position = BASE;
  const bones = buildChain(
    skeleton,
    LENGTHS.slice(0, n).map((length, i) => ({
      name: `Bone${i + 1}`,
      length,
      rotation: i === 0 ? -0.5 : 0.22,
    })),
  );
  const marker = panel.addChild(new Marker2D('Target', 'target'));
  marker.position = target;
  const ik = panel.addChild(solverFor(id));
  ik.rootBonePath = bones[0]!.getPathFrom(ik);
  ik.tipBonePath = bones[n - 1]!.getPathFrom(ik);
  ik.targetPath = marker.getPathFrom(ik);
  // The figure runs the solvers itself (to record and replay them), never processTree.
  ik.enabled = false;
  const colors = ['series1', 'series2', 'series3', 'series4'] as const;
  return {
    id,
    name,
    color: colors[index]!,
    css: `var(--plot-${index + 1})`,
    panel,
    skeleton,
    bones,
    target: marker,
    ik,
    record: null,
    micros: NaN,
  };
}

/** The settings every lane shares, as the student has them. */
export interface LaneSettings {
  tolerance: number;
  iterations: number;
  damping: number;
  flipX: boolean;
  flipY: boolean;
}

export function configureLanes(lanes: readonly Lane[], s: LaneSettings): void {
  for (const l of lanes) {
    l.ik.tolerance = s.tolerance;
    l.ik.maxIterations = s.iterations;
    l.skeleton.scale = flipScale(s.flipX, s.flipY);
    if (l.ik instanceof JacobianIK2D) l.ik.damping = s.damping;
  }
}
