import type { ParamSchema } from '../params.ts';
import { defineMeta } from '../description.ts';

/** The two descents lesson 14 compares, in the menu's order. */
export const SOLVERS = ['gradient descent', 'Levenberg–Marquardt'] as const;
export type Solver = (typeof SOLVERS)[number];

export const PARAMS = {
  frame: { type: 'number', label: 'Clip frame (gives ω)', default: 8, min: 0, max: 32, step: 1 },
  aScale: {
    type: 'number',
    label: 'a (× the seed’s 200/h²)',
    default: 1,
    min: 0.1,
    max: 10,
    step: 0.1,
    primary: true,
  },
  b: { type: 'number', label: 'b (stay like the clip)', default: 2, min: 0, max: 10, step: 0.1 },
  c: {
    type: 'number',
    label: 'c (stay like the last frame)',
    default: 4,
    min: 0,
    max: 10,
    step: 0.1,
  },
  learningRate: {
    type: 'number',
    label: 'Learning rate η',
    default: 0.01,
    min: 0.001,
    max: 0.05,
    step: 0.001,
    primary: true,
  },
  maxIterations: {
    type: 'number',
    label: 'Iteration cap',
    default: 300,
    min: 1,
    max: 300,
    step: 1,
  },
  solver: {
    type: 'choice',
    label: 'Solver',
    default: 'gradient descent',
    options: SOLVERS,
    primary: true,
  },
  gammaFromLast: {
    type: 'boolean',
    label: 'γ = the last solution',
    default: false,
    primary: true,
  },
} satisfies ParamSchema;

export const legDescentMeta = defineMeta({
  id: 'leg-descent',
  title: 'Gradient-descent IK, one step at a time',
  summary:
    'Drag the foot’s target: the leg’s two angles descend the cost a·f1 + b·f2 + c·f3, iteration by iteration, with each term plotted.',
  credit: 'seed 000 §7',
  params: PARAMS,
});
