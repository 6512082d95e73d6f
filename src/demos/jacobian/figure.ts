import { DEG } from '../../math/angles.ts';
import { defineFigure } from '../define-figure.ts';
import { Every, FORMULA_PERIOD } from '../shared/every.ts';
import { num, tex } from '../shared/format.ts';
import { jacobianFigure } from './description.ts';
import { drawJacobian } from './overlay.ts';
import { JacobianScene, REACH } from './scene.ts';

/**
 * The Jacobian lesson's figure: a three-bone arm, its target, J's columns drawn at the tip, and
 * the tip motion J·Δθ each method asks for. Step applies the chosen method once; straightening
 * the arm makes J lose a direction, and the pseudo-inverse's step explodes while DLS stays tame.
 */
export const jacobianDemo = defineFigure(jacobianFigure, (ui, params) => {
  const scene = new JacobianScene(params);
  const { rig } = scene;
  let method = params.method;
  let lambda = params.lambda;
  const view = { show: params.show, method: params.method, clamp: params.clamp };
  const step = () => scene.step(method, lambda, view.clamp);
  const measured = new Float64Array(scene.n);
  const straighten = () => scene.straighten();
  ui.on('method', (v) => (method = view.method = v));
  ui.on('show', (v) => (view.show = v));
  ui.on('clamp', (v) => (view.clamp = v));
  ui.on('lambda', (v) => (lambda = v));
  ui.action('step', step);
  ui.action('straighten', straighten);
  const slow = new Every(FORMULA_PERIOD);

  return {
    root: rig.world,
    onKey(key, down) {
      const k = key.toLowerCase();
      if (k !== 's' && k !== 'a') return false;
      if (down) (k === 's' ? step : straighten)();
      return true;
    },
    update(dt) {
      const s = scene.read(lambda);
      const [s1, s2] = s.sigma;
      const sigmas = { s1: num(s1, 1), s2: num(s2, 1) };
      ui.readout('sigma').set(
        s2 > 1e-9
          ? ui.say('sigma', { ...sigmas, ratio: num(s1 / s2, 1) })
          : ui.say('sigmaLost', sigmas),
      );
      ui.readout('step-sizes').set(
        ui.say('sizes', {
          transpose: num(scene.largestTurn('transpose') * DEG, 1),
          pseudoInverse: num(scene.largestTurn('pseudo-inverse') * DEG, 1),
          dls: num(scene.largestTurn('dls') * DEG, 1),
        }),
      );
      const tip = scene.tip;
      const t = rig.target.globalPosition;
      const downhill = scene.downhill(measured);
      let g = '';
      let m = '';
      for (let i = 0; i < scene.n; i++) {
        const sep = i ? ', ' : '';
        g += sep + num(s.gradient[i]!, 0);
        m += sep + num(downhill[i]!, 0);
      }
      ui.readout('downhill').set(g);
      ui.readout('measured').set(m);
      const l2 = (lambda * REACH) ** 2;
      const kept = (sigma: number) => num((sigma * sigma) / (sigma * sigma + l2), 3);
      ui.readout('kept').set(ui.say('keptNow', { k1: kept(s1), k2: kept(s2) }));
      const k = scene.clampScale(method);
      const from = scene.largestTurn(method) * DEG;
      ui.readout('clamp').set(
        ui.say('clampNow', { k: num(k, 3), from: num(from, 1), to: num(from * k, 1) }),
      );
      ui.readout('error').set(Math.hypot(tip.x - t.x, tip.y - t.y));
      if (slow.tick(dt))
        ui.formula('steps').set(
          `J_i = \\hat z \\times (e - p_i),\\quad \\Delta\\theta_{\\text{DLS}} = J^{\\mathsf T}(JJ^{\\mathsf T} + \\lambda^2 I)^{-1} e_t,\\quad \\lambda = ${tex(lambda * REACH, 1)}`,
        );
    },
    drawOverlay: (p) => drawJacobian(p, ui, scene, jacobianFigure.bounds, view),
    currentParams: () => ({ targetX: rig.target.position.x, targetY: rig.target.position.y }),
  };
});
