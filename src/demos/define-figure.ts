import type { DemoDefinition, DemoInstance } from './contract.ts';
import type { FigureDescription } from './description.ts';
import { buildFigureUi, type FigureUi } from './figure-ui.ts';
import { roundParams, type ParamValues } from './params.ts';
import type { WorldRect } from '../render/viewport.ts';

/**
 * What a figure's code returns: a running demo, whose view defaults to the description's
 * content bounds and whose share-link state defaults to its settings as the student has them.
 */
export type FigureInstance = Omit<DemoInstance, 'world' | 'keyHelp'> & { world?: WorldRect };

export type FigureCreate<D extends FigureDescription> = (
  fig: FigureUi<D>,
  params: ParamValues<D['params']>,
) => FigureInstance;

/** Each running figure's kit, for tests that ask which controls its code never bound. */
const kits = new WeakMap<DemoInstance, { unbound(): string[] }>();

/** The names of the controls a running figure declares but never bound (a test wants none). */
export const unboundControls = (instance: DemoInstance): string[] =>
  kits.get(instance)?.unbound() ?? [];

/**
 * A figure: its description (data) and the code that builds its scene. The kit builds every
 * control from the description before the code runs, on whatever panel the page gives (the
 * DOM, a test's fake, nothing for a scene built without a page).
 */
export function defineFigure<D extends FigureDescription>(
  description: D,
  create: FigureCreate<D>,
): DemoDefinition {
  const d = description as FigureDescription;
  return {
    ...d,
    description: d,
    create(ctx, params) {
      const fig = buildFigureUi(
        description,
        ctx.controls,
        params as ParamValues<D['params']>,
        ctx.primary,
      );
      const made = create(fig, params as ParamValues<D['params']>);
      const world = made.world ?? d.bounds;
      if (!world)
        throw new Error(`${d.id}: neither the description nor the figure says where it is`);
      const own = made.currentParams?.bind(made);
      // The page's instance is the figure's own object (a class keeps its `this`), completed.
      const instance = Object.assign(made, {
        world,
        keyHelp: d.keyHelp,
        currentParams: () =>
          roundParams(d.params, { ...(fig.values as Record<string, never>), ...own?.() }),
      }) as DemoInstance;
      kits.set(instance, fig);
      return instance;
    },
  };
}
