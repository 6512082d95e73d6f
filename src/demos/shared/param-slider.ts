import type { ControlPanel, ValueControl } from '../contract.ts';
import type { NumberParam } from '../params.ts';

/**
 * A slider for one of the demo's number parameters: its label, range and step come from the
 * parameter's schema, so the control and what a URL or lesson may set can never disagree.
 * `unit` is the short suffix shown after the value (the schema's unit is written out for
 * messages, e.g. "degrees" where the slider shows "°").
 */
export function paramSlider(
  controls: ControlPanel,
  id: string,
  spec: NumberParam,
  value: number,
  onInput: (v: number) => void,
  unit?: string,
): ValueControl<number> {
  return controls.slider({
    id,
    label: spec.label,
    min: spec.min,
    max: spec.max,
    step: spec.step ?? 1,
    value,
    unit,
    onInput,
  });
}
