import { toRadians } from '../../math/angles';
import { processTree } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import { forwardKinematicsMeta } from './meta';
import { defineDemo } from '../contract';
import { buildChain } from '../shared/build-chain';
import { deg, texDeg, vec } from '../shared/format';

/**
 * Lesson 1: forward kinematics on a node tree. Three bones, each rotated relative to its parent
 * by a slider; the page reads back local and global values and the sum that makes the global angle.
 */
export const forwardKinematicsDemo = defineDemo({
  ...forwardKinematicsMeta,
  create({ controls }, params) {
    const root = new Node2D('Skeleton');
    root.position = { x: 0, y: 0 };
    const bones = buildChain(root, [
      { name: 'UpperArm', length: 110, rotation: toRadians(params.upper) },
      { name: 'Forearm', length: 90, rotation: toRadians(params.fore) },
      { name: 'Hand', length: 45, rotation: toRadians(params.hand) },
    ]);
    const keys = ['upper', 'fore', 'hand'] as const;
    bones.forEach((bone, i) => {
      controls.slider({
        id: keys[i]!,
        label: `${bone.name} rotation (local)`,
        min: -180,
        max: 180,
        step: 1,
        unit: '°',
        value: params[keys[i]!],
        onInput: (v) => (bone.rotation = toRadians(v)),
      });
    });
    const readouts = bones.map((bone) =>
      controls.readout({ id: `global-${bone.name}`, label: `${bone.name} global rotation` }),
    );
    const tip = controls.readout({ id: 'tip', label: 'Hand tip, global position' });
    const formula = controls.formula({ id: 'sum' });

    return {
      root,
      world: { x: -260, y: -260, width: 520, height: 520 },
      update(dt) {
        processTree(root, dt);
        bones.forEach((b, i) => readouts[i]!.set(deg(b.globalRotation)));
        const hand = bones[2]!;
        tip.set(vec(hand.tipGlobalPosition));
        const [a, b, c] = bones.map((x) => x.rotation) as [number, number, number];
        formula.set(
          `\\theta_{\\text{hand}}^{\\text{global}} = \\theta_1 + \\theta_2 + \\theta_3 = ${texDeg(a)} + ${texDeg(b)} + ${texDeg(c)} = ${texDeg(hand.globalRotation)}`,
        );
      },
      drawOverlay(p) {
        // Each local rotation as an arc from the parent's direction to the bone's direction.
        let parentDir = 0;
        for (const bone of bones) {
          const dir = bone.globalRotation;
          p.arcPx(bone.globalPosition, 30, parentDir, parentDir + bone.rotation, {
            color: 'accent',
            arrow: true,
          });
          p.line(
            bone.globalPosition,
            {
              x: bone.globalPosition.x + Math.cos(parentDir) * 40,
              y: bone.globalPosition.y + Math.sin(parentDir) * 40,
            },
            { dash: 3, color: 'muted' },
          );
          p.text(deg(bone.rotation, 0), bone.globalPosition, {
            color: 'accent',
            offsetPx: { x: 10, y: 6 },
          });
          parentDir = dir;
        }
      },
      currentParams: () => ({
        upper: Math.round((bones[0]!.rotation * 180) / Math.PI),
        fore: Math.round((bones[1]!.rotation * 180) / Math.PI),
        hand: Math.round((bones[2]!.rotation * 180) / Math.PI),
      }),
    };
  },
});
