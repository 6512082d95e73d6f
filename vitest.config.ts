import { defineConfig } from 'vitest/config';
import { lessonPages } from './lesson-pages.ts';
import { pixiAlias, pixiForUi } from './pixi-resolve.ts';

// Two projects: `unit` runs in Node with no browser (npm test); `e2e` drives Debian's Chromium
// against the built site (npm run test:e2e).
export default defineConfig({
  resolve: { alias: pixiAlias },
  plugins: [pixiForUi(), lessonPages()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/unit/setup-clips.ts'],
          // Tests step simulations by fixed dt and assert no speed; the timeout is only a net
          // for a hang, wide enough for a machine whose cores are busy with something else.
          testTimeout: 60_000,
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
