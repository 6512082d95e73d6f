import { type DemoDefinition, defineDemo } from '../demos/contract.ts';
import { setOwn, type ParamSchema, type ParamSpec } from '../demos/params.ts';
import { drawReach } from '../demos/shared/chain-overlay.ts';
import { SolverStepper, stepBarUi } from '../demos/shared/solver-stepper.ts';
import { ChainIK2D } from '../ik/chain-ik-2d.ts';
import { DEG } from '../math/angles.ts';
import type { Vec2 } from '../math/vec2.ts';
import { type Node, processTree } from '../scene/node.ts';
import type { NodeTypes } from '../scene/node-type.ts';
import { Node2D } from '../scene/node2d.ts';
import type { Property } from '../scene/property.ts';
import type { SceneDocument } from '../scene/scene-json.ts';
import { boundsOf } from '../playground/canvas/camera.ts';
import { scenePoints } from '../playground/canvas/scene-bounds.ts';

const BIG = 1e6;

/** One URL parameter of an exposed property (a vector gives two: name.x and name.y). */
interface Exposed {
  param: string;
  spec: ParamSpec;
  read(): number | boolean | string;
  write(v: number | boolean | string): void;
}

/**
 * A playground scene as a demo, for the embed page: its markers draggable, its IK nodes solving
 * every frame, Step / Play / Jump / Back to live for its first chain IK node, and the properties
 * its author exposed as URL parameters, checked by the same schema as every demo's (so a bad
 * value is named with what it accepts, and its default used).
 */
export function sceneDemo(doc: SceneDocument, types: NodeTypes): DemoDefinition {
  const root = doc.root instanceof Node2D ? doc.root : wrap(doc.root);
  const exposed = doc.exposed.flatMap((e) => {
    const node = doc.root.getNode(e.node);
    const p = node && types.property(types.of(node), e.property);
    return node && p?.set ? exposedParams(node, p, e.as) : [];
  });
  // Names are the scene author's: "constructor" is a parameter like any other, an own key.
  const params: ParamSchema = {};
  for (const e of exposed) setOwn(params, e.param, e.spec);
  return defineDemo({
    id: 'scene',
    title: doc.title || 'A scene from the playground',
    summary: 'A node tree built in the playground: drag its markers, step its solver.',
    params,
    create({ controls }, values) {
      const given = new Map(Object.entries(values as Record<string, number | boolean | string>));
      for (const e of exposed) e.write(given.get(e.param)!);
      const ik = root.findAll(ChainIK2D)[0] ?? null;
      const stepper = ik ? new SolverStepper(stepBarUi(controls), ik) : null;
      const world = doc.view ?? boundsOf(scenePoints(root));
      return {
        root,
        world,
        update(dt) {
          stepper?.update(dt);
          stepper?.watchTarget();
          processTree(root, dt);
        },
        drawOverlay(p) {
          if (ik?.status.ok && stepper?.isStepping) drawReach(p, ik.currentChain, false);
        },
        currentParams: () => Object.fromEntries(exposed.map((e) => [e.param, e.read()])),
        ...(stepper ? stepControls(stepper) : {}),
      };
    },
  });
}

/** Step / Play / End / Live on the canvas, and the keys S, P, J, L that press them. */
function stepControls(stepper: SolverStepper) {
  return {
    canvasButtons: { buttons: stepper.canvasButtons, active: () => stepper.activeButtons },
    keyHelp:
      'S step, P play, J jump to the end, L back to live. Tab to a marker and move it with the arrow keys.',
    onKey(key: string, down: boolean) {
      if (!['s', 'p', 'j', 'l'].includes(key)) return false;
      if (down) stepper.pressKey(key);
      return true;
    },
  };
}

function wrap(node: Node): Node2D {
  const holder = new Node2D('Scene');
  holder.addChild(node);
  return holder;
}

function exposedParams(node: Node, p: Property, as: string): Exposed[] {
  const k = p.kind;
  const label = `${node.name}: ${p.label.toLowerCase()}`;
  const get = () => p.get(node);
  const set = (v: unknown) => p.set!(node, v);
  switch (k.type) {
    case 'number':
      return [
        {
          param: as,
          spec: {
            type: 'number',
            label,
            default: get() as number,
            min: k.min ?? -BIG,
            max: k.max ?? BIG,
            unit: k.unit,
          },
          read: () => get() as number,
          write: (v) => set(k.integer ? Math.round(v as number) : v),
        },
      ];
    case 'angle':
      return [
        {
          param: as,
          spec: {
            type: 'number',
            label,
            default: Number(((get() as number) * DEG).toFixed(3)),
            min: k.min !== undefined ? k.min * DEG : -360,
            max: k.max !== undefined ? k.max * DEG : 360,
            unit: 'degrees',
          },
          read: () => Number(((get() as number) * DEG).toFixed(3)),
          write: (v) => set((v as number) / DEG),
        },
      ];
    case 'vector':
      return (['x', 'y'] as const).map((axis) => ({
        param: `${as}.${axis}`,
        spec: {
          type: 'number',
          label: `${label} ${axis}`,
          default: (get() as Vec2)[axis],
          min: k.min ?? -BIG,
          max: BIG,
        },
        read: () => (get() as Vec2)[axis],
        write: (v) => set({ ...(get() as Vec2), [axis]: v as number }),
      }));
    case 'boolean':
      return [
        {
          param: as,
          spec: { type: 'boolean', label, default: get() as boolean },
          read: () => get() as boolean,
          write: set,
        },
      ];
    case 'choice':
      return [
        {
          param: as,
          spec: { type: 'choice', label, default: get() as string, options: k.options },
          read: () => get() as string,
          write: set,
        },
      ];
    default:
      return [];
  }
}
