import { describe, expect, it } from 'vitest';
import { demoScene } from '../../src/demos/demo-scene';
import { defaultValues } from '../../src/demos/params';
import { takeHandoff, writeHandoff } from '../../src/ui/scene-store';
import { FakeControls } from './fake-controls';
import { loadedDemo } from './loaded-demos';

function sceneOf(id: string, overrides: Record<string, unknown>) {
  const def = loadedDemo(id)!;
  const demo = def.create({ controls: new FakeControls() }, {
    ...defaultValues(def.params),
    ...overrides,
  } as never);
  demo.update(1 / 60);
  try {
    return demoScene(demo, def.title);
  } finally {
    demo.destroy?.();
  }
}

describe('what a lesson’s scene file could not keep, in words for the playground', () => {
  it('a crowd kept in flat arrays: the note says the file has none of its spiders, and how to keep them', () => {
    const { note } = sceneOf('spider-swarm', { count: 10, layout: 'arrays' });
    expect(note).toMatch(/Its [\w, ]*SpiderCrowd2D[\w, ]* nodes are saved as plain nodes/);
    expect(note).toMatch(/SpiderCrowd2D draws what it holds itself/);
    expect(note).toMatch(/keep it as nodes in the lesson/);
  });

  it('spiders kept as nodes: their nodes come along, their walking does not', () => {
    const { note } = sceneOf('spider-swarm', { count: 10, layout: 'nodes' });
    expect(note).toMatch(/Its [\w, ]*\bSpider2D[\w, ]* nodes are saved as plain nodes/);
    expect(note).toMatch(/Spider2D nodes are saved as plain nodes/);
    expect(note).not.toMatch(/draws what it holds itself/);
  });

  it('a scene of listed nodes only has no note', () => {
    expect(sceneOf('fabrik', {}).note).toBe('');
  });

  it('the note travels with the hand-over, once', () => {
    const store = new Map<string, string>();
    const storage = {
      get length() {
        return store.size;
      },
      key: (i: number) => [...store.keys()][i] ?? null,
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
      clear: () => store.clear(),
    };
    const had = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
    try {
      const id = writeHandoff('{"a":1}', 'A hundred spiders', ' Its Crowd is gone.')!;
      expect(takeHandoff(id)).toEqual({
        json: '{"a":1}',
        from: 'A hundred spiders',
        note: ' Its Crowd is gone.',
      });
      expect(takeHandoff(id)).toBeNull();
      // One written before notes existed reads with none.
      store.set('ik-playground:handoff:v1:old', JSON.stringify({ from: 'x', json: '{}' }));
      expect(takeHandoff('old')).toEqual({ json: '{}', from: 'x', note: '' });
    } finally {
      if (had) Object.defineProperty(globalThis, 'localStorage', had);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});
