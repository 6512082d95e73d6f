import type { DemoMeta } from '../demos/contract.ts';

/** Why a demo waits for the reader before it moves, or null when it starts at once. */
export interface Hold {
  kind: 'reduced-motion' | 'heavy';
  message: string;
}

/**
 * A demo that moves by itself starts paused when the reader's system asks for reduced motion;
 * a heavy one starts paused in an embed (someone else's page, where it would slow every demo
 * from the same host). Demos that move only when dragged never wait.
 */
export function holdFor(
  meta: DemoMeta,
  values: Readonly<Record<string, unknown>>,
  embedded: boolean,
  reducedMotion = prefersReducedMotion(),
): Hold | null {
  if (reducedMotion && meta.movesByItself?.(values))
    return {
      kind: 'reduced-motion',
      message:
        'Paused because your system asks for reduced motion: this figure moves by itself. Start it when you are ready.',
    };
  const heavy = embedded ? meta.heavy?.(values) : null;
  if (heavy)
    return {
      kind: 'heavy',
      message: `Paused until you start it: ${heavy}, which takes much of the computer's time.`,
    };
  return null;
}

export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
