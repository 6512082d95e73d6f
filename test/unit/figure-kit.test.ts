import { describe, expect, it } from 'vitest';
import { unboundControls } from '../../src/demos/define-figure';
import { buildFigureUi, formatReadout } from '../../src/demos/figure-ui';
import { defaultValues } from '../../src/demos/params';
import { DEMOS } from '../../src/demos/registry';
import { STEP_TRACE } from '../../src/demos/step-trace';
import { FakeControls } from './fake-controls';
import { loadedDemo } from './loaded-demos';

const kitBuilt = DEMOS.map((d) => loadedDemo(d.id)!).filter((d) => d.description);

describe('every figure built on the kit', () => {
  it.each(kitBuilt.map((d) => d.id))(
    '%s: each control it declares is bound, each readout and formula shows a value',
    (id) => {
      const def = loadedDemo(id)!;
      const d = def.description!;
      const controls = new FakeControls();
      const demo = def.create({ controls }, defaultValues(def.params));
      for (let i = 0; i < 3; i++) demo.update(1 / 60);
      expect(unboundControls(demo)).toEqual([]);
      const readouts = Object.keys({ ...(d.stepTrace ? STEP_TRACE.readouts : {}), ...d.readouts });
      for (const r of readouts) expect(controls.readouts.get(r), `readout ${r}`).toBeTruthy();
      for (const f of Object.keys(d.formulas ?? {}))
        expect(controls.formulas.get(f), `formula ${f}`).toBeTruthy();
      // Every setting with a control got one, under its one label.
      for (const [name, spec] of Object.entries(d.params))
        if (spec.control !== false) expect(controls.handlers.has(name), name).toBe(true);
      // Every help text names a real setting.
      for (const name of Object.keys(d.help ?? {})) expect(d.params, name).toHaveProperty(name);
    },
  );
});

describe('a figure’s description alone', () => {
  it.each(DEMOS.map((d) => d.id))(
    '%s: describe() gives, without the code, the description the figure is built from',
    async (id) => {
      const source = DEMOS.find((d) => d.id === id)!;
      const described = await source.describe();
      expect(described).toBe(loadedDemo(id)!.description);
      // Every setting with a control has its help sentence, for the tables as for the figure.
      for (const [name, spec] of Object.entries(described.params))
        if (spec.control !== false) expect(described.help?.[name], `${id}: ${name}`).toBeTruthy();
    },
  );
});

describe('the kit', () => {
  const description = {
    id: 'k',
    title: 'K',
    summary: 's',
    params: {
      n: { type: 'number', label: 'N', default: 2, min: 0, max: 10, primary: true },
      on: { type: 'boolean', label: 'On', default: false },
      x: { type: 'number', label: 'X', default: 0, min: -1, max: 1, control: false },
    },
    readouts: { a: { label: 'A', format: 'degrees' }, b: { label: 'B', unit: 'px', digits: 0 } },
    actions: { go: { label: 'Go' } },
    strings: { hi: 'hello {who}, {who}; {missing}' },
  } as const;

  it('builds a control per setting with one, where its description places it', () => {
    const placed: Record<string, string | undefined> = {};
    const panel = new FakeControls();
    const slider = panel.slider.bind(panel);
    panel.slider = (o) => ((placed[o.id] = (o as { placement?: string }).placement), slider(o));
    const ui = buildFigureUi(description, panel, defaultValues(description.params));
    expect([...panel.handlers.keys()].sort()).toEqual(['go', 'n', 'on']);
    expect(placed.n).toBe('primary');
    expect(ui.unbound().sort()).toEqual(['go', 'n', 'on']);
  });

  it('sends a student’s change to the code, and keeps it as the current value', () => {
    const panel = new FakeControls();
    const ui = buildFigureUi(description, panel, defaultValues(description.params));
    const seen: number[] = [];
    ui.on('n', (v) => seen.push(v));
    panel.act('n', 7);
    expect(seen).toEqual([7]);
    expect(ui.values.n).toBe(7);
    let pressed = 0;
    ui.action('go', () => pressed++);
    panel.act('go');
    expect(pressed).toBe(1);
    expect(ui.unbound()).toEqual(['on']);
  });

  it('formats readouts as described, fills strings, and refuses names it does not declare', () => {
    const panel = new FakeControls();
    const ui = buildFigureUi(description, panel, defaultValues(description.params));
    ui.readout('a').set(Math.PI / 2);
    ui.readout('b').set(12.4);
    expect(panel.readouts.get('a')).toBe('90.0°');
    expect(panel.readouts.get('b')).toBe('12 px');
    ui.readout('b').set('as written');
    expect(panel.readouts.get('b')).toBe('as written');
    expect(ui.say('hi', { who: 'you' })).toBe('hello you, you; {missing}');
    expect(() => (ui.readout as (n: string) => unknown)('c')).toThrow(/no readout "c"/);
    expect(() => (ui.on as (n: string, f: () => void) => void)('x', () => {})).toThrow(/x/);
    expect(formatReadout({ label: '' }, NaN)).toBe('—');
  });
});
