import type { ControlPanel } from './contract.ts';

const value = { set: () => {} };
const slider = { set: () => {}, setMax: () => {} };
const button = { setLabel: () => {}, setDisabled: () => {}, setPressed: () => {} };

/**
 * A control panel that shows nothing: for building a demo's scene without its page (the
 * playground's lesson presets, scripts). Every control accepts its calls and ignores them.
 */
export const nullControls: ControlPanel = {
  slider: () => slider,
  toggle: () => value,
  choice: () => value,
  button: () => button,
  holdButton: () => button,
  text: () => value,
  file: () => ({ show: () => {}, progress: () => {} }),
  plot: () => value,
  readout: () => value,
  formula: () => value,
};
