import { N_SEED, N_TEN } from '../../physics/gains';
import type { ControlPanel, ValueControl } from '../contract';
import type { NumberParam } from '../params';
import { num } from './format';
import { paramSlider } from './param-slider';

/** The keys of a schema whose parameters are numbers. */
type NumberKeys<S> = { [P in keyof S]: S[P] extends NumberParam ? P : never }[keyof S] & string;

/**
 * A slider per number parameter of a PD figure, each writing its value and re-applying the
 * settings: `slider('tHat')`.
 */
export function schemaSliders<S extends Record<string, unknown>>(
  controls: ControlPanel,
  schema: S,
  values: Record<string, unknown>,
  apply: () => void,
  units: Partial<Record<NumberKeys<S>, string>> = {},
): (key: NumberKeys<S>) => ValueControl<number> {
  return (key) =>
    paramSlider(
      controls,
      key,
      schema[key] as NumberParam,
      values[key] as number,
      (v) => {
        values[key] = v;
        apply();
      },
      units[key],
    );
}

/** The two n buttons of lesson 16: the seed's −1/ln 0.9 and the n that really leaves 10% at t̂. */
export function nPresetButtons(controls: ControlPanel, pick: (n: number) => void): void {
  for (const [id, n, label] of [
    ['n-ten', N_TEN, `n = ${num(N_TEN, 2)} (leaves 10% at t̂)`],
    ['n-seed', N_SEED, `n = −1/ln 0.9 = ${num(N_SEED, 2)} (seed)`],
  ] as const)
    controls.button({ id, label, onClick: () => pick(Math.round(n * 100) / 100) });
}

/** The t̂ and n sliders, then the two n buttons, which set the n slider too. */
export function tHatAndN(
  controls: ControlPanel,
  slider: (key: 'tHat' | 'n') => ValueControl<number>,
  values: { n: number },
  apply: () => void,
): void {
  slider('tHat');
  const nSlider = slider('n');
  nPresetButtons(controls, (n) => {
    values.n = n;
    nSlider.set(n);
    apply();
  });
}
