import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SCENE_HASH_KEY,
  decodeScene,
  encodeScene,
  sceneCodeIn,
} from '../../src/playground/share/scene-code';

const RUNS = { numRuns: 120, seed: 1234 };
const ALPHABET = /^[A-Za-z0-9_-]*$/;
const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** JSON text with strings from all of Unicode (astral planes, combining marks, controls). */
const unicodeJson = fc
  .jsonValue({ stringUnit: 'binary', maxDepth: 3 })
  .map((v) => JSON.stringify(v) ?? 'null');
const unicodeText = fc.oneof(
  unicodeJson,
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
);

/** What decodeScene rejected with (null if it returned). */
async function failure(code: string): Promise<unknown> {
  try {
    await decodeScene(code);
    return null;
  } catch (e) {
    return e;
  }
}

/** A plain Error (not a DOMException or TypeError leaking out) that says the link is damaged. */
function expectDamaged(e: unknown): void {
  expect(e).toBeInstanceOf(Error);
  expect((e as Error).constructor).toBe(Error);
  expect((e as Error).name).toBe('Error');
  expect((e as Error).message).toMatch(/^The scene in this link is damaged: /);
}

describe('encodeScene / decodeScene', () => {
  it('round-trips any Unicode JSON text exactly, through a code of [A-Za-z0-9_-] only', async () => {
    await fc.assert(
      fc.asyncProperty(unicodeText, async (text) => {
        const code = await encodeScene(text);
        expect(code).toMatch(ALPHABET);
        expect(code.length).toBeGreaterThan(0);
        expect(await decodeScene(code)).toBe(text);
      }),
      RUNS,
    );
  });

  it('round-trips the empty text, a long repetitive scene and text with every BMP plane sample', async () => {
    const samples = [
      '',
      JSON.stringify({
        root: { children: Array.from({ length: 2000 }, (_, i) => ({ name: `Bone${i}` })) },
      }),
      JSON.stringify('\u0000\u001f"\\/\u2028\u2029\ud83d\ude00 é 中文 עברית 👩‍👩‍👧‍👦 \ufeff'),
    ];
    for (const text of samples) {
      const code = await encodeScene(text);
      expect(code).toMatch(ALPHABET);
      expect(await decodeScene(code)).toBe(text);
    }
  });

  it('surrounding whitespace (a pasted link) is ignored', async () => {
    const code = await encodeScene('{"a":1}');
    expect(await decodeScene(`  ${code}\n`)).toBe('{"a":1}');
  });

  it('rejects every cut-short code as damaged', async () => {
    await fc.assert(
      fc.asyncProperty(unicodeText, fc.double({ min: 0, max: 1, noNaN: true }), async (text, f) => {
        const code = await encodeScene(text);
        const keep = 1 + Math.floor(f * (code.length - 1)); // 1 … length − 1
        fc.pre(keep < code.length);
        expectDamaged(await failure(code.slice(0, keep)));
      }),
      RUNS,
    );
  });

  it('rejects every prefix of one scene’s code (each length) as damaged', async () => {
    const code = await encodeScene(JSON.stringify({ format: 'ik-scene', title: 'Ärm 🦾' }));
    for (let k = 1; k < code.length; k++) expectDamaged(await failure(code.slice(0, k)));
  });

  it('a code with one character changed is rejected as damaged or (padding bits) unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        unicodeText,
        fc.nat(),
        fc.constantFrom(...CODE_CHARS),
        async (text, at, replacement) => {
          const code = await encodeScene(text);
          const i = at % code.length;
          fc.pre(code[i] !== replacement);
          const altered = code.slice(0, i) + replacement + code.slice(i + 1);
          const e = await failure(altered);
          if (e === null) expect(await decodeScene(altered)).toBe(text);
          else expectDamaged(e);
        },
      ),
      RUNS,
    );
  });

  it('a code with a character from outside the alphabet is rejected as damaged', async () => {
    const code = await encodeScene('{"title":"x"}');
    const mid = code.length >> 1;
    for (const bad of ['+', '/', '=', '%', ' ', 'é', '.', '#', '&', '\u200b']) {
      expectDamaged(await failure(code.slice(0, mid) + bad + code.slice(mid)));
    }
  });

  it('rejects codes that are valid base64url but not a packed scene', async () => {
    for (const junk of ['A', 'AA', 'AAAA', 'hello', 'SGVsbG8sIHdvcmxkIQ', '____', '----------']) {
      expectDamaged(await failure(junk));
    }
  });

  it('an empty code is a plain Error saying the link holds no scene', async () => {
    for (const empty of ['', '   ', '\n']) {
      const e = await failure(empty);
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).constructor).toBe(Error);
      expect((e as Error).message).toBe('The link holds no scene: "#scene=" is empty.');
    }
  });
});

describe('sceneCodeIn', () => {
  it('reads #scene=… among other parameters, with or without the #', async () => {
    const code = await encodeScene('{"format":"ik-scene"}');
    expect(SCENE_HASH_KEY).toBe('scene');
    expect(sceneCodeIn(`#scene=${code}`)).toBe(code);
    expect(sceneCodeIn(`scene=${code}`)).toBe(code);
    expect(sceneCodeIn(`#view=2&scene=${code}&mode=edit`)).toBe(code);
    expect(sceneCodeIn(`#scene=${code}&scene=other`)).toBe(code);
    expect(sceneCodeIn('#scene=')).toBe('');
    expect(sceneCodeIn('#view=2&mode=edit')).toBeNull();
    expect(sceneCodeIn('')).toBeNull();
    expect(sceneCodeIn('#')).toBeNull();
    expect(sceneCodeIn('#scenery=abc')).toBeNull();
  });

  it('gives back every encoded code exactly, wherever it sits in the hash', async () => {
    await fc.assert(
      fc.asyncProperty(
        unicodeText,
        fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[\w.-]{0,8}$/)), {
          maxLength: 3,
        }),
        fc.nat(),
        async (text, others, at) => {
          const code = await encodeScene(text);
          const pairs = others.filter(([k]) => k !== SCENE_HASH_KEY).map(([k, v]) => `${k}=${v}`);
          pairs.splice(at % (pairs.length + 1), 0, `scene=${code}`);
          const hash = `#${pairs.join('&')}`;
          expect(sceneCodeIn(hash)).toBe(code);
          expect(await decodeScene(sceneCodeIn(hash)!)).toBe(text);
        },
      ),
      { numRuns: 60, seed: 77 },
    );
  });
});
