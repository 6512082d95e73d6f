import { toRadians } from '../../math/angles';
import * as T from '../../math/transform2d';
import { angle as vecAngle, type Vec2 } from '../../math/vec2';
import { LookAt2D } from '../../ik/look-at-2d';
import type { Bone2D } from '../../scene/bone2d';
import { Marker2D } from '../../scene/marker2d';
import { processTree } from '../../scene/node';
import { Node2D } from '../../scene/node2d';
import { lookAtMeta } from './meta';
import { defineDemo } from '../contract';
import { buildChain } from '../shared/build-chain';
import { flipScale } from '../shared/flips';
import { deg, texDeg } from '../shared/format';

/**
 * Lesson 2: a LookAt2D node turns the Head bone to face a draggable target, with optional
 * min/max limits and an extra rotation offset. Flip the root or the Neck on x and/or y: the head
 * still faces the target, because the angle is measured in the parent's own (mirrored) space.
 */
export const lookAtDemo = defineDemo({
  ...lookAtMeta,
  create({ controls }, params) {
    const root = new Node2D('Body');
    root.position = { x: -40, y: 90 };
    const [neck, head] = buildChain(root, [
      { name: 'Neck', length: 90, rotation: toRadians(params.neck) },
      { name: 'Head', length: 70, rotation: 0 },
    ]) as [Bone2D, Bone2D];
    const target = root.addChild(new Marker2D('Target', 'target'));
    target.globalPosition = { x: params.targetX, y: params.targetY };
    const ik = root.addChild(new LookAt2D('LookAt2D'));
    ik.bonePath = head.getPathFrom(ik);
    ik.targetPath = target.getPathFrom(ik);
    ik.constrained = params.constrained;
    ik.minAngle = toRadians(params.min);
    ik.maxAngle = toRadians(params.max);
    ik.rotationOffset = toRadians(params.offset);
    const flips = {
      rootX: params.flipRootX,
      rootY: params.flipRootY,
      neckX: params.flipNeckX,
      neckY: params.flipNeckY,
    };
    const applyFlips = () => {
      // Flipping the root would also mirror where the target sits; keep it where the student put it.
      const keep = target.globalPosition;
      root.scale = flipScale(flips.rootX, flips.rootY);
      neck.scale = flipScale(flips.neckX, flips.neckY);
      target.globalPosition = keep;
    };
    applyFlips();

    const toggle = (id: keyof typeof flips, label: string) =>
      controls.toggle({
        id: `flip${id[0]!.toUpperCase()}${id.slice(1)}`,
        label,
        value: flips[id],
        onChange: (v) => ((flips[id] = v), applyFlips()),
      });
    toggle('rootX', 'Flip Body x');
    toggle('rootY', 'Flip Body y');
    toggle('neckX', 'Flip Neck x');
    toggle('neckY', 'Flip Neck y');
    // The target can be set exactly: typed into these (each slider has a box), or dragged with
    // Shift held, which snaps it to whole units.
    const targetSlider = (axis: 'x' | 'y', range: number) =>
      controls.slider({
        id: axis === 'x' ? 'targetX' : 'targetY',
        label: `Target ${axis}`,
        min: -range,
        max: range,
        step: 1,
        value: axis === 'x' ? params.targetX : params.targetY,
        onInput: (v) => {
          const g = target.globalPosition;
          target.globalPosition = axis === 'x' ? { x: v, y: g.y } : { x: g.x, y: v };
          shownTarget[axis] = v;
        },
      });
    const shownTarget = { x: params.targetX, y: params.targetY };
    const targetX = targetSlider('x', 330);
    const targetY = targetSlider('y', 260);
    controls.slider({
      id: 'neck',
      label: 'Neck rotation',
      min: -180,
      max: 180,
      step: 1,
      unit: '°',
      value: params.neck,
      onInput: (v) => (neck.rotation = toRadians(v)),
    });
    controls.toggle({
      id: 'constrained',
      label: 'Limit rotation',
      value: ik.constrained,
      onChange: (v) => (ik.constrained = v),
    });
    controls.slider({
      id: 'min',
      label: 'Min',
      min: -180,
      max: 180,
      step: 1,
      unit: '°',
      value: params.min,
      onInput: (v) => (ik.minAngle = toRadians(v)),
    });
    controls.slider({
      id: 'max',
      label: 'Max',
      min: -180,
      max: 180,
      step: 1,
      unit: '°',
      value: params.max,
      onInput: (v) => (ik.maxAngle = toRadians(v)),
    });
    controls.slider({
      id: 'offset',
      label: 'Additional rotation',
      min: -180,
      max: 180,
      step: 1,
      unit: '°',
      value: params.offset,
      onInput: (v) => (ik.rotationOffset = toRadians(v)),
    });

    const globalAngle = controls.readout({
      id: 'global-angle',
      label: 'Global angle to target, atan2',
    });
    const localAngle = controls.readout({
      id: 'bone-angle',
      label: 'Head local rotation (written by LookAt2D)',
    });
    const error = controls.readout({ id: 'aim-error', label: 'Angle between head and target' });
    const status = controls.readout({ id: 'status', label: 'Status' });
    const formula = controls.formula({ id: 'local' });

    /** Global direction of a local angle of the head, for drawing the limits on screen. */
    const screenAngleOfLocal = (local: number): number => {
      const g = T.multiply(neck.globalTransform, T.fromTRS(head.position, local, head.scale));
      return vecAngle(T.applyVector(g, { x: 1, y: 0 }));
    };
    const aimError = (): number => {
      const j = head.globalPosition;
      const t = target.globalPosition;
      const tip = head.tipGlobalPosition;
      const a = Math.atan2(t.y - j.y, t.x - j.x) - Math.atan2(tip.y - j.y, tip.x - j.x);
      return Math.atan2(Math.sin(a), Math.cos(a));
    };

    return {
      root,
      world: { x: -270, y: -210, width: 540, height: 420 },
      update(dt) {
        processTree(root, dt);
        const j = head.globalPosition;
        const t = target.globalPosition;
        // A drag moved the target: the sliders follow (what was typed stays as typed).
        if (t.x !== shownTarget.x) targetX.set((shownTarget.x = t.x));
        if (t.y !== shownTarget.y) targetY.set((shownTarget.y = t.y));
        const g = Math.atan2(t.y - j.y, t.x - j.x);
        globalAngle.set(deg(g));
        localAngle.set(deg(head.rotation));
        error.set(deg(aimError()));
        const mirrored = T.isReflection(neck.globalTransform);
        status.set(
          ik.status.ok
            ? ik.status.limited
              ? 'limited: the target is outside the allowed arc'
              : mirrored
                ? 'facing the target (parent space is mirrored)'
                : 'facing the target'
            : ik.status.message,
        );
        const inParent = neck.toLocal(t);
        formula.set(
          `\\theta_{\\text{local}} = \\operatorname{atan2}(y_p - y_j,\\ x_p - x_j)\\ \\text{in Neck's space} = ${texDeg(Math.atan2(inParent.y - head.position.y, inParent.x - head.position.x))}` +
            `\\qquad \\theta_{\\text{global}} = ${texDeg(g)}`,
        );
      },
      drawOverlay(p) {
        const j: Vec2 = head.globalPosition;
        p.line(j, target.globalPosition, { color: 'target', dash: 4, alpha: 0.8 });
        if (ik.constrained) {
          const a = screenAngleOfLocal(ik.minAngle);
          let span = ik.maxAngle - ik.minAngle;
          span = ((span % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
          const b = screenAngleOfLocal(ik.minAngle + span);
          const mirrored = T.isReflection(
            T.multiply(neck.globalTransform, T.fromTRS(head.position, 0, head.scale)),
          );
          const end = mirrored ? a - span : a + span;
          p.arcPx(j, 80, a, end, { color: 'pole', width: 6, alpha: 0.35 });
          p.line(
            j,
            { x: j.x + Math.cos(a) * 90, y: j.y + Math.sin(a) * 90 },
            { color: 'pole', width: 1 },
          );
          p.line(
            j,
            { x: j.x + Math.cos(b) * 90, y: j.y + Math.sin(b) * 90 },
            { color: 'pole', width: 1 },
          );
          p.text('allowed', j, {
            color: 'pole',
            offsetPx: { x: Math.cos((a + end) / 2) * 96 - 20, y: Math.sin((a + end) / 2) * 96 - 8 },
          });
        }
        const parentDir = screenAngleOfLocal(0);
        const headDir = screenAngleOfLocal(head.rotation);
        const delta = Math.atan2(Math.sin(headDir - parentDir), Math.cos(headDir - parentDir));
        p.line(
          j,
          { x: j.x + Math.cos(parentDir) * 45, y: j.y + Math.sin(parentDir) * 45 },
          { color: 'muted', dash: 3 },
        );
        p.arcPx(j, 34, parentDir, parentDir + delta, { color: 'accent', arrow: true });
        p.text(`local ${deg(head.rotation, 0)}`, j, { color: 'accent', offsetPx: { x: 12, y: 8 } });
      },
      currentParams: () => ({
        targetX: Math.round(target.globalPosition.x),
        targetY: Math.round(target.globalPosition.y),
        neck: Math.round((neck.rotation * 180) / Math.PI),
        flipRootX: flips.rootX,
        flipRootY: flips.rootY,
        flipNeckX: flips.neckX,
        flipNeckY: flips.neckY,
        constrained: ik.constrained,
        min: Math.round((ik.minAngle * 180) / Math.PI),
        max: Math.round((ik.maxAngle * 180) / Math.PI),
        offset: Math.round((ik.rotationOffset * 180) / Math.PI),
      }),
    };
  },
});
