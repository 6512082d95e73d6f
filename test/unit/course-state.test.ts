import { describe, expect, it } from 'vitest';
import {
  loadProgress,
  markAnswered,
  markCompleted,
  markSolved,
  markVisited,
  saveProgress,
} from '../../src/course/progress';
import { lessonHref, parseRoute } from '../../src/ui/course-route';
import { parseEmbedQuery } from '../../src/embed/embed-params';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
}

describe('progress', () => {
  it('remembers visited and completed lessons across loads', () => {
    const s = new MemoryStorage() as unknown as Storage;
    let p = loadProgress(s);
    expect(p).toEqual({ visited: [], completed: [], last: null, answers: {}, solved: [] });
    p = markCompleted(markVisited(markVisited(p, 'a'), 'a'), 'a');
    p = markSolved(
      markSolved(
        markAnswered(markAnswered(p, 'a/predict-1', 2), 'a/predict-1', 0),
        'a/challenge-1',
      ),
      'a/challenge-1',
    );
    saveProgress(p, s);
    expect(loadProgress(s)).toEqual({
      visited: ['a'],
      completed: ['a'],
      last: 'a',
      answers: { 'a/predict-1': 0 },
      solved: ['a/challenge-1'],
    });
  });

  it('treats junk or a throwing storage as no progress', () => {
    const junk = new MemoryStorage();
    junk.data.set('ik-course:progress:v1', '{"visited": [1, "x"], "completed": "no"');
    expect(loadProgress(junk as unknown as Storage).visited).toEqual([]);
    junk.data.set(
      'ik-course:progress:v1',
      '{"visited": [1, "x"], "completed": "no", "answers": {"p": -1, "q": 1.5, "r": 2}, "solved": 3}',
    );
    expect(loadProgress(junk as unknown as Storage)).toEqual({
      visited: ['x'],
      completed: [],
      last: null,
      answers: { r: 2 },
      solved: [],
    });
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    } as unknown as Storage;
    expect(loadProgress(throwing).visited).toEqual([]);
    expect(() =>
      saveProgress({ visited: [], completed: [], last: null, answers: {}, solved: [] }, throwing),
    ).not.toThrow();
  });
});

describe('routes', () => {
  it('reads lesson and section from the hash', () => {
    expect(parseRoute('#/look-at/flip-it')).toEqual({ lesson: 'look-at', section: 'flip-it' });
    expect(parseRoute('')).toEqual({ lesson: null, section: null });
    expect(parseRoute(lessonHref('look-at'))).toEqual({ lesson: 'look-at', section: null });
  });
});

describe('embed URL', () => {
  it('separates page options from demo parameters', () => {
    const o = parseEmbedQuery('?demo=look-at&tree=false&renderer=webgl&theme=dark&targetX=40');
    expect(o).toMatchObject({
      demo: 'look-at',
      tree: false,
      renderer: 'webgl',
      theme: 'dark',
      demoParams: { targetX: '40' },
      errors: [],
    });
  });

  it('names bad page options', () => {
    const o = parseEmbedQuery('?demo=x&renderer=webgpu&tree=maybe&theme=blue');
    expect(o.errors.map((e) => e.param)).toEqual(['renderer', 'tree', 'theme']);
    expect(o.renderer).toBe('canvas');
  });
});
