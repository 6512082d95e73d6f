import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../../src/ik/node-types';
import { PRESETS } from '../../src/playground/presets';
import { freshDemoScene } from '../../src/demos/demo-scene';
import { Bone2D } from '../../src/scene/bone2d';
import { readScene, sceneToJSON } from '../../src/scene/scene-json';

describe('playground presets', () => {
  it('have distinct ids, in course order', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    const lessons = PRESETS.map((p) => p.lesson);
    expect([...lessons].sort((a, b) => a - b)).toEqual(lessons);
  });

  for (const preset of PRESETS) {
    describe(preset.id, () => {
      it('shows its demo’s own title', async () => {
        const def = await preset.load();
        expect(preset.title).toBe(def.title);
      });

      it('builds a scene that reads back with NODE_TYPES and writes back to the same JSON', async () => {
        const def = await preset.load();
        const { json } = freshDemoScene(def);
        const text = JSON.stringify(json);
        expect(json.title).toBe(def.title);
        const doc = readScene(text, NODE_TYPES);
        expect(doc.title).toBe(def.title);
        const again = sceneToJSON(doc.root, NODE_TYPES, {
          title: doc.title,
          view: doc.view,
          exposed: doc.exposed,
        });
        expect(JSON.stringify(again)).toBe(text);

        let bones = 0;
        doc.root.walk((n) => {
          if (n instanceof Bone2D) bones++;
        });
        expect(bones).toBeGreaterThanOrEqual(1);
      });
    });
  }
});
