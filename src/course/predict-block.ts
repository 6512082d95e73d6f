/**
 * A prediction in a lesson: the student picks an answer before the figure shows it.
 *
 *     ```predict
 *     With no damper (k_d = 0), what does the bar do after you let go?
 *     - [ ] It stops at the target.
 *     - [x] It swings past the target and back, and never stops.
 *     - [ ] It creeps in and stops.
 *
 *     Why, in Markdown (maths too), shown once the student has answered.
 *     ```
 *
 * The question is every line before the first choice; choices are GFM task-list lines, the
 * right one ticked; what follows the choices is the explanation.
 */
export interface PredictBlock {
  question: string;
  choices: { text: string; right: boolean }[];
  explanation: string;
  /** What is wrong with the block, for the page to show where the question would be. */
  problems: string[];
}

const CHOICE = /^\s*[-*]\s+\[( |x|X)\]\s+(.*\S)\s*$/;

export function parsePredictBlock(body: string): PredictBlock {
  const lines = body.split('\n');
  const question: string[] = [];
  const choices: PredictBlock['choices'] = [];
  let i = 0;
  for (; i < lines.length && !CHOICE.test(lines[i]!); i++) question.push(lines[i]!);
  for (; i < lines.length; i++) {
    const m = CHOICE.exec(lines[i]!);
    if (!m) break;
    choices.push({ text: m[2]!, right: m[1] !== ' ' });
  }
  const explanation = lines.slice(i).join('\n').trim();
  const problems: string[] = [];
  const q = question.join(' ').replace(/\s+/g, ' ').trim();
  if (!q) problems.push('The predict block asks no question: write it on the first line.');
  if (choices.length < 2)
    problems.push(
      'The predict block needs at least two choices, one per line: "- [ ] wrong" and "- [x] right".',
    );
  const right = choices.filter((c) => c.right).length;
  if (choices.length >= 2 && right !== 1)
    problems.push(
      `The predict block must tick exactly one choice as right ("- [x] …"); it ticks ${right}.`,
    );
  if (!explanation)
    problems.push('The predict block has no explanation after its choices: say why.');
  return { question: q, choices, explanation, problems };
}
