import { toRadians } from '../../math/angles.ts';
import { defineFigure } from '../define-figure.ts';
import { rotationOrderFigure } from './description.ts';
import { RotationOrderOverlay } from './overlay.ts';
import { RotationOrderReadouts } from './readouts.ts';
import { RotationOrderScene } from './scene.ts';

/** Turned so far per second while playing: both turns in 2.5 s. */
const PLAY_RATE = 0.8;

/**
 * Lesson 11: 3D rotations do not commute. The same book turned A then B (q = q_B·q_A) and
 * B then A (q′ = q_A·q_B), about the world's axes, side by side; Turned so far shows each
 * sequence happen, and the readouts and formulas give the quaternions, the product and R.
 */
export const rotationOrderDemo = defineFigure(rotationOrderFigure, (ui, params) => {
  const scene = new RotationOrderScene(params);
  const overlay = new RotationOrderOverlay(ui);
  const readouts = new RotationOrderReadouts(ui);
  let playing = false;
  const setTurned = (v: number) => {
    scene.turned = v;
    scene.touch();
  };
  const play = ui.action('play', () => setPlaying(!playing));
  function setPlaying(on: boolean): void {
    playing = on;
    if (on && scene.turned >= 2) setTurned(0);
    play.setLabel(ui.say(on ? 'pause' : 'play'));
    play.setPressed(on);
  }
  ui.on('angleA', (v) => scene.set(scene.a, scene.a.axis, toRadians(v)));
  ui.on('angleB', (v) => scene.set(scene.b, scene.b.axis, toRadians(v)));
  ui.on('axisA', (v) => scene.set(scene.a, v, scene.a.angle));
  ui.on('axisB', (v) => scene.set(scene.b, v, scene.b.angle));
  ui.on('turned', (v) => {
    setPlaying(false);
    setTurned(v);
  });

  return {
    root: scene.root,
    onKey(key, down) {
      if (key !== ' ') return false;
      if (down) setPlaying(!playing);
      return true;
    },
    update(dt) {
      if (playing) {
        const t = Math.min(2, scene.turned + PLAY_RATE * dt);
        setTurned(t);
        ui.set('turned', Math.round(t * 100) / 100);
        if (t >= 2) setPlaying(false);
      }
      if (scene.refresh()) readouts.show(scene);
    },
    drawOverlay: (p) => overlay.draw(p, scene),
  };
});
