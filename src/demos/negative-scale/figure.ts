import type { Bone2D } from '../../scene/bone2d';
import { toRadians } from '../../math/angles';
import * as T from '../../math/transform2d';
import { angle as vecAngle, type Vec2 } from '../../math/vec2';
import { processTree } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import { FLIP_NODES, negativeScaleMeta } from './meta';
import { defineDemo } from '../contract';
import { buildChain } from '../shared/build-chain';
import { flipScale } from '../shared/flips';
import { deg, num, tex, texDeg } from '../shared/format';

/**
 * Lesson 1: what a negative scale does. Flip the skeleton (or only the forearm) on x and/or y:
 * with one axis flipped, a positive rotation turns the other way on screen; with both, it turns
 * the usual way again (seed 001 §2). The flipped node's matrix is shown with Godot's reading of it.
 */
export const negativeScaleDemo = defineDemo({
  ...negativeScaleMeta,
  create({ controls }, params) {
    const root = new Node2D('Skeleton');
    const [upper, fore, hand] = buildChain(root, [
      { name: 'UpperArm', length: 110, rotation: toRadians(params.upper) },
      { name: 'Forearm', length: 90, rotation: toRadians(params.fore) },
      { name: 'Hand', length: 40, rotation: 0 },
    ]) as [Bone2D, Bone2D, Bone2D];
    let flipX = params.flipX;
    let flipY = params.flipY;
    let flipNode: string = params.flipNode;
    const applyFlips = () => {
      root.scale = flipNode === 'Skeleton' ? flipScale(flipX, flipY) : { x: 1, y: 1 };
      fore.scale = flipNode === 'Forearm' ? flipScale(flipX, flipY) : { x: 1, y: 1 };
    };
    applyFlips();

    controls.toggle({
      id: 'flipX',
      label: 'Flip x',
      value: flipX,
      onChange: (v) => ((flipX = v), applyFlips()),
    });
    controls.toggle({
      id: 'flipY',
      label: 'Flip y',
      value: flipY,
      onChange: (v) => ((flipY = v), applyFlips()),
    });
    controls.choice({
      id: 'flipNode',
      label: 'Flip which node',
      options: FLIP_NODES,
      value: flipNode,
      onChange: (v) => ((flipNode = v), applyFlips()),
    });
    controls.slider({
      id: 'upper',
      label: 'UpperArm rotation',
      min: -180,
      max: 180,
      step: 1,
      unit: '°',
      value: params.upper,
      onInput: (v) => (upper.rotation = toRadians(v)),
    });
    controls.slider({
      id: 'fore',
      label: 'Forearm rotation',
      min: -180,
      max: 180,
      step: 1,
      unit: '°',
      value: params.fore,
      onInput: (v) => (fore.rotation = toRadians(v)),
    });

    const turn = controls.readout({ id: 'turn', label: 'A positive rotation of UpperArm turns' });
    const det = controls.readout({
      id: 'det',
      label: 'Determinant of the flipped node’s global matrix',
    });
    const readback = controls.readout({ id: 'readback', label: 'Godot reads that matrix back as' });
    const upperGlobal = controls.readout({
      id: 'upper-global',
      label: 'UpperArm local → global rotation',
    });
    const matrix = controls.formula({ id: 'matrix' });

    /** Screen direction of a bone if its local rotation were `rotation` (pure; no tree change). */
    const tipDirection = (bone: typeof upper, rotation: number): number => {
      const parent = bone.parent2D!;
      const local = T.fromTRS(bone.position, rotation, bone.scale);
      const g = T.multiply(parent.globalTransform, local);
      return vecAngle(T.applyVector(g, { x: 1, y: 0 }));
    };
    const flipped = () => (flipNode === 'Skeleton' ? root : fore);

    return {
      root,
      world: { x: -270, y: -230, width: 540, height: 460 },
      update(dt) {
        processTree(root, dt);
        const m = flipped().globalTransform;
        const clockwise = T.determinant(upper.globalTransform) > 0;
        turn.set(clockwise ? 'clockwise (as usual)' : 'counter-clockwise (mirrored)');
        det.set(num(T.determinant(m), 2));
        const d = T.decompose(m);
        readback.set(
          `rotation ${deg(d.rotation)}, scale (${num(d.scale.x, 2)}, ${num(d.scale.y, 2)})`,
        );
        upperGlobal.set(`${deg(upper.rotation)} → ${deg(upper.globalRotation)}`);
        matrix.set(
          `\\begin{bmatrix} ${tex(m.a, 2)} & ${tex(m.c, 2)} \\\\ ${tex(m.b, 2)} & ${tex(m.d, 2)} \\end{bmatrix}` +
            `\\;\\Rightarrow\\; \\text{rotation } ${texDeg(d.rotation)},\\ \\text{scale } (${tex(d.scale.x, 2)}, ${tex(d.scale.y, 2)})`,
        );
      },
      drawOverlay(p) {
        // Where the chain would be with no flip: a faint ghost to compare against.
        let at: Vec2 = { x: 0, y: 0 };
        let dir = 0;
        for (const b of [upper, fore, hand]) {
          dir += b.rotation;
          const next = { x: at.x + Math.cos(dir) * b.length, y: at.y + Math.sin(dir) * b.length };
          p.line(at, next, { color: 'muted', width: 6, alpha: 0.25 });
          at = next;
        }
        p.text('unflipped', at, { color: 'muted' });
        // Which way +rotation turns the upper arm, drawn as an arrow on screen.
        const now = tipDirection(upper, upper.rotation);
        const more = tipDirection(upper, upper.rotation + 0.6);
        const delta = Math.atan2(Math.sin(more - now), Math.cos(more - now));
        p.arcPx(upper.globalPosition, 58, now, now + delta, {
          color: 'focus',
          arrow: true,
          width: 2.5,
        });
        p.text('+rotation', upper.globalPosition, {
          color: 'focus',
          offsetPx: { x: Math.cos(now + delta) * 64, y: Math.sin(now + delta) * 64 },
        });
      },
      currentParams: () => ({
        flipX,
        flipY,
        flipNode,
        upper: Math.round((upper.rotation * 180) / Math.PI),
        fore: Math.round((fore.rotation * 180) / Math.PI),
      }),
    };
  },
});
