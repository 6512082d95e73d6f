import { type ControllerMode, linkIndex, type RootPolicy } from '../../physics/index.ts';
import type { ButtonControl } from '../contract.ts';
import type { FigureUi } from '../figure-ui.ts';
import { bindNButtons } from '../shared/pd-controls.ts';
import type { pdCharacterFigure } from './description.ts';
import type { PdCharacterScene } from './scene.ts';

type Ui = FigureUi<typeof pdCharacterFigure>;

const MODES = ['kinematic', 'pd', 'ragdoll'] as const satisfies readonly ControllerMode[];

/** Binds every setting's control, the two n buttons, the ball and the shove to the scene. */
export function bindSettings(ui: Ui, scene: PdCharacterScene): void {
  const apply = () => scene.apply();
  for (const name of [
    'gains',
    'strength',
    'tHat',
    'n',
    'tauMax',
    'compensation',
    'auto',
    'blend',
  ] as const)
    ui.on(name, apply);
  ui.on('clip', (v) => scene.setClip(v));
  ui.on('ground', () => {
    scene.restarted = 0;
    scene.build();
  });
  ui.on('root', (v) => scene.character.setRootPolicy(v as RootPolicy));
  ui.on('ks', (v) => scene.setManualGain('ks', v));
  ui.on('kd', (v) => scene.setManualGain('kd', v));
  /** The sliders show the plotted joint's own gains. */
  const showJointGains = () => {
    ui.set('ks', scene.manualKs[scene.plotted]!);
    ui.set('kd', scene.manualKd[scene.plotted]!);
  };
  ui.on('perJoint', (v) => v && showJointGains());
  ui.on('joint', (v) => {
    scene.plotted = linkIndex(v);
    if (ui.values.perJoint) showJointGains();
  });
  bindNButtons(ui, apply);
  ui.action('ball', () => scene.throwBall());
  ui.action('shove', () => scene.shove());
}

/**
 * The three controller buttons (and keys K, P, R): each switches the character and the `mode`
 * setting; the one shown pressed is the character's mode, which a hard hit may change too.
 */
export class ModeButtons {
  private readonly buttons: Map<ControllerMode, ButtonControl>;
  private shown: ControllerMode | null = null;

  constructor(
    private readonly ui: Ui,
    private readonly scene: PdCharacterScene,
  ) {
    this.buttons = new Map(MODES.map((m) => [m, ui.action(`mode-${m}`, () => this.set(m))]));
  }

  set(m: ControllerMode): void {
    this.scene.character.setMode(m);
    this.ui.set('mode', m);
  }

  /** Marks the character's mode pressed, when it changed. */
  show(): void {
    const mode = this.scene.character.mode;
    if (this.shown === mode) return;
    this.shown = mode;
    for (const [m, b] of this.buttons) b.setPressed(m === mode);
  }
}
