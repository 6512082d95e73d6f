import type { Vec2 } from '../../math/vec2.ts';
import { processTree } from '../../scene/node.ts';
import { Node2D } from '../../scene/node2d.ts';
import { Line2D } from '../../scene/line2d.ts';
import { Polygon2D } from '../../scene/polygon2d.ts';
import { ButtonPanel2D, buttonPositions, type PanelLayout } from './button-panel.ts';
import {
  type PressingArm,
  pressButtonsBaked,
  pressButtonsIK,
  Sequencer,
} from './press-sequence.ts';
import { keyTimeline, type PressTimeline, solveArmPose } from './press-timeline.ts';
import {
  ARM_BONES,
  type ArmBoneCount,
  ELBOW_POLE,
  ReachingCharacter,
  SHOULDER,
} from './reaching-character.ts';

/** Where things stand when nothing is moved: the scene the baked clip was keyed in. */
export const HOME_FEET: Vec2 = { x: -110, y: 260 };
export const HOME_PANEL: Vec2 = { x: 20, y: -30 };
export const MAX_PRESSES = 12;

/**
 * Seed 002 §4 in one scene: a character facing a panel of buttons, an IK arm and a baked arm on
 * the same shoulder, each with its own sequencer. Moving the character or the panel, or changing
 * the panel, is what the baked arm cannot follow.
 */
export class ReachScene {
  readonly world = new Node2D('World');
  panel!: ButtonPanel2D;
  character!: ReachingCharacter;
  ik!: PressingArm;
  baked!: PressingArm;
  readonly ikSequencer = new Sequencer();
  readonly bakedSequencer = new Sequencer();
  /** Seconds the IK target takes to glide to a button (seed: MOVEMENT_DURATION, not given). */
  moveDuration = 0.3;
  /**
   * The IK weight (the arm's FABRIK2D `mix`; Unity's Animation Rigging calls it weight): how much
   * of the IK pose the arm shows over the clip's pose, 0–1. Seed 002 has none: always 1.
   */
  ikWeight = 1;
  private characterOffset: Vec2 = { x: 0, y: 0 };
  private readonly box: Polygon2D;
  private panelOffset: Vec2 = { x: 0, y: 0 };

  constructor(
    private layout: PanelLayout,
    private bones: ArmBoneCount,
  ) {
    const floor = this.world.addChild(
      new Line2D(
        'Floor',
        [
          { x: -1000, y: HOME_FEET.y },
          { x: 1000, y: HOME_FEET.y },
        ],
        'groundEdge',
      ),
    );
    floor.width = 3;
    this.box = this.world.addChild(new Polygon2D('Box', [], 'ground'));
    this.box.outline = 'groundEdge';
    this.build();
  }

  get busy(): boolean {
    return this.ikSequencer.busy || this.bakedSequencer.busy;
  }

  /** Both arms press `sequence` (button numbers from 1). Refused while they are still pressing. */
  press(sequence: readonly number[]): void {
    if (this.busy) return;
    this.ik.presses.length = 0;
    this.baked.presses.length = 0;
    this.ikSequencer.start(
      pressButtonsIK(
        this.ik,
        this.character.ik,
        this.character.handTarget,
        sequence,
        this.moveDuration,
      ),
    );
    this.bakedSequencer.start(pressButtonsBaked(this.baked, sequence));
  }

  setLayout(layout: PanelLayout): void {
    this.layout = layout;
    this.build();
  }
  setBones(bones: ArmBoneCount): void {
    this.bones = bones;
    this.build();
  }
  /**
   * Moves the character: x sideways, y up (negative: it stands on a box of that height, drawn
   * under its feet; the floor does not move, so it cannot go below it).
   */
  setCharacterOffset(offset: Vec2): void {
    this.characterOffset = { x: offset.x, y: Math.min(0, offset.y) };
    const feet = add(HOME_FEET, this.characterOffset);
    this.character.node.position = feet;
    const h = -this.characterOffset.y;
    this.box.polygon =
      h > 0
        ? [
            { x: feet.x - 70, y: feet.y },
            { x: feet.x + 70, y: feet.y },
            { x: feet.x + 70, y: feet.y + h },
            { x: feet.x - 70, y: feet.y + h },
          ]
        : [];
  }
  setPanelOffset(offset: Vec2): void {
    this.panelOffset = { ...offset };
    this.panel.position = add(HOME_PANEL, offset);
  }
  get buttonCount(): number {
    return this.panel.aims.length;
  }

  update(dt: number): void {
    this.ikSequencer.update(dt);
    this.bakedSequencer.update(dt);
    this.character.ik.mix = this.ikWeight;
    processTree(this.world, dt);
  }

  /** (Re)builds panel and character; an unfinished sequence is dropped. */
  private build(): void {
    this.ikSequencer.stop();
    this.bakedSequencer.stop();
    for (const n of [...this.world.children])
      if (n.name !== 'Floor' && n.name !== 'Box') this.world.removeChild(n);
    this.panel = this.world.addChild(new ButtonPanel2D('Panel', this.layout));
    this.panel.position = add(HOME_PANEL, this.panelOffset);
    this.character = new ReachingCharacter(this.world, this.bones, HOME_FEET);
    this.setCharacterOffset(this.characterOffset);
    const timeline = keyedTimeline(this.bones);
    const arm = (a: ReachingCharacter['arm']): PressingArm => ({
      arm: a,
      panel: this.panel,
      timeline,
      presses: [],
      phase: 'idle',
    });
    this.ik = arm(this.character.arm);
    this.baked = arm(this.character.baked);
    processTree(this.world, 0);
  }
}

/**
 * The clip as keyed once, in the untouched scene with the four-button panel: ready in front of
 * the panel, finger on its button 1. Built per arm (two or three bones), never again.
 */
const keyed = new Map<ArmBoneCount, PressTimeline>();
export function keyedTimeline(bones: ArmBoneCount): PressTimeline {
  let t = keyed.get(bones);
  if (t) return t;
  const lengths = ARM_BONES[bones];
  const rest = ReachingCharacter.restPose(bones);
  const local = (p: Vec2): Vec2 => ({ x: p.x - HOME_FEET.x, y: p.y - HOME_FEET.y });
  const centre = local(HOME_PANEL);
  const ready = {
    x: SHOULDER.x + 0.5 * (centre.x - SHOULDER.x),
    y: SHOULDER.y + 0.5 * (centre.y - SHOULDER.y) + 30,
  };
  const first = buttonPositions('four').positions[0]!;
  const button1 = { x: centre.x + first.x, y: centre.y + first.y };
  const readyPose = solveArmPose(lengths, SHOULDER, rest, ready, ELBOW_POLE);
  const pressPose = solveArmPose(lengths, SHOULDER, readyPose, button1, ELBOW_POLE);
  t = keyTimeline(rest, readyPose, pressPose);
  keyed.set(bones, t);
  return t;
}

/**
 * Reads a typed sequence: button numbers 1–`buttons`, separated by spaces or commas, or run
 * together ("3142"). Returns the numbers, or a message saying what was wrong and what is allowed.
 */
export function parseSequence(text: string, buttons: number): number[] | string {
  const trimmed = text.trim();
  if (trimmed === '')
    return `Type the buttons to press, e.g. "1 3 2 4" (this panel has 1 to ${buttons}).`;
  const parts = /[\s,;]/.test(trimmed) ? trimmed.split(/[\s,;]+/).filter(Boolean) : [...trimmed];
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!/^\d+$/.test(p) || n < 1 || n > buttons)
      return `"${p.length > 12 ? p.slice(0, 12) + '…' : p}" is not a button: this panel has buttons 1 to ${buttons}. Type their numbers, e.g. "1 3 2 4".`;
    out.push(n);
  }
  if (out.length > MAX_PRESSES)
    return `That is ${out.length} presses; at most ${MAX_PRESSES} at a time.`;
  return out;
}

const add = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });
