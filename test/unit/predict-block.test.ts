import { describe, expect, it } from 'vitest';
import { renderLessonHtml } from '../../src/course/markdown';
import { parsePredictBlock } from '../../src/course/predict-block';

describe('predict blocks in lessons', () => {
  it('reads the question, the choices with the right one ticked, and the explanation', () => {
    const b = parsePredictBlock(
      'Which way does\nit turn?\n- [ ] Left.\n- [x] Right, with $\\theta$.\n- [ ] Neither.\n\nBecause **sign**.',
    );
    expect(b.problems).toEqual([]);
    expect(b.question).toBe('Which way does it turn?');
    expect(b.choices).toEqual([
      { text: 'Left.', right: false },
      { text: 'Right, with $\\theta$.', right: true },
      { text: 'Neither.', right: false },
    ]);
    expect(b.explanation).toBe('Because **sign**.');
  });

  it('says what is wrong with a malformed block', () => {
    expect(parsePredictBlock('- [x] a\n- [x] b\n\nwhy').problems).toEqual([
      'The predict block asks no question: write it on the first line.',
      'The predict block must tick exactly one choice as right ("- [x] …"); it ticks 2.',
    ]);
    expect(parsePredictBlock('Q?\n- [ ] only one').problems).toEqual([
      'The predict block needs at least two choices, one per line: "- [ ] wrong" and "- [x] right".',
      'The predict block has no explanation after its choices: say why.',
    ]);
  });

  it('renders as a form with numbered ids, typeset maths and the right index, or as an error', () => {
    const md =
      '```predict\nQ1 $x^2$?\n- [ ] a\n- [x] b\n\nWhy $y$.\n```\n\n```predict\nQ2?\n- [x] c\n- [ ] d\n\nWhy.\n```\n\n```predict\nbad\n```\n';
    const html = renderLessonHtml('look-at', md);
    expect(html).toContain('data-predict="look-at/predict-1" data-right="1"');
    expect(html).toContain('data-predict="look-at/predict-2" data-right="0"');
    expect(html.match(/class="katex"/g)!.length).toBe(2);
    expect(html).toContain('name="look-at/predict-1" value="0"');
    expect(html).toMatch(/<div class="demo-error" role="alert">Prediction 3 of this lesson/);
    // A wrong pick is offered a second try before the answer (predictions.ts): hidden until then.
    expect(html).toContain(
      '<p class="predict__retry" hidden><button type="button" class="predict__again">Try again</button> <button type="button" class="predict__reveal">Show the answer</button></p>',
    );
  });
});
