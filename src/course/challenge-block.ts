/**
 * A checked challenge in a lesson: a task the page verifies, either from a readout of the figure
 * above it (the student drags until the readout is in range and holds it there) or from a number
 * the student types.
 *
 *     ```challenge
 *     Make the elbow exactly 90°.
 *     check: readout theta2 from 89.5 to 90.5
 *     ```
 *
 *     ```challenge
 *     Bones of 170, 40, 30 and 24: how far does the dead zone reach?
 *     answer: 76 ± 0.5
 *     ```
 *
 * `demo: <id>` names the figure to read (default: the nearest one above the challenge).
 * `hint: <one sentence>` points at the idea without giving the answer: shown after a wrong
 * typed answer, and on request under a readout challenge.
 */
export type ChallengeCheck =
  | { kind: 'readout'; readout: string; min: number; max: number }
  | { kind: 'answer'; value: number; tolerance: number };

export interface ChallengeBlock {
  /** The task, in Markdown. */
  prompt: string;
  check: ChallengeCheck | null;
  demo: string | null;
  /** The hint, in Markdown, or null. */
  hint: string | null;
  problems: string[];
}

const NUMBER = String.raw`[-−]?\d+(?:\.\d+)?`;
const READOUT = new RegExp(
  String.raw`^check:\s*readout\s+([\w-]+)\s+from\s+(${NUMBER})\s+to\s+(${NUMBER})\s*$`,
);
const ANSWER = new RegExp(String.raw`^answer:\s*(${NUMBER})\s*(?:±|\+-|\+/-)\s*(${NUMBER})\s*$`);

const FIRST_NUMBER = new RegExp(NUMBER.replace('\\.', '[.,]'));
const WHOLE_NUMBER = new RegExp(`^(${NUMBER.replace('\\.', '[.,]')})\\s*[°%]?$`);

/** A number as people write it: a Unicode minus or a decimal comma is fine. */
const toNumber = (text: string): number | null => {
  const n = Number(text.replace('−', '-').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

/** The first number in a text (a readout such as "90.0°" or "12 of 33"), or null. */
export function readNumber(text: string): number | null {
  const m = FIRST_NUMBER.exec(text.replace(/\s+/g, ''));
  return m ? toNumber(m[0]) : null;
}

/** A typed answer: the whole text one number ("76", "−0.5", "10,95", "86.55°"), or null. */
export function readAnswer(text: string): number | null {
  const m = WHOLE_NUMBER.exec(text.trim());
  return m ? toNumber(m[1]!) : null;
}

export function parseChallengeBlock(body: string): ChallengeBlock {
  const prompt: string[] = [];
  const problems: string[] = [];
  let check: ChallengeCheck | null = null;
  let demo: string | null = null;
  let hint: string | null = null;
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (t.startsWith('check:')) {
      const m = READOUT.exec(t);
      if (!m) {
        problems.push(`"${t}" is not "check: readout <id> from <min> to <max>".`);
        continue;
      }
      const [a, b] = [readNumber(m[2]!)!, readNumber(m[3]!)!];
      if (!(a < b)) problems.push(`In "${t}" the range is empty: ${a} is not below ${b}.`);
      check = { kind: 'readout', readout: m[1]!, min: a, max: b };
    } else if (t.startsWith('answer:')) {
      const m = ANSWER.exec(t);
      if (!m) {
        problems.push(`"${t}" is not "answer: <number> ± <tolerance>".`);
        continue;
      }
      const tolerance = readNumber(m[2]!)!;
      if (!(tolerance > 0)) problems.push(`In "${t}" the tolerance must be above 0.`);
      check = { kind: 'answer', value: readNumber(m[1]!)!, tolerance };
    } else if (t.startsWith('demo:')) demo = t.slice(5).trim() || null;
    else if (t.startsWith('hint:')) {
      if (hint !== null) problems.push('The challenge block has two "hint:" lines; give one.');
      hint = t.slice(5).trim();
      if (!hint) problems.push('The "hint:" line is empty: point at the idea in one sentence.');
    } else prompt.push(line);
  }
  const text = prompt.join('\n').trim();
  if (!text) problems.push('The challenge block sets no task: write it on the first line.');
  if (!check && problems.length === 0)
    problems.push(
      'The challenge block says nothing to check: add "check: readout <id> from <min> to <max>" or "answer: <number> ± <tolerance>".',
    );
  return { prompt: text, check, demo, hint, problems };
}

/** Does this readout text, or this typed answer, meet the check? */
export function meetsCheck(check: ChallengeCheck, text: string): boolean {
  // A readout carries words and units after its number; a typed answer must be a number only.
  const n = check.kind === 'readout' ? readNumber(text) : readAnswer(text);
  if (n === null) return false;
  if (check.kind === 'readout') return n >= check.min && n <= check.max;
  return Math.abs(n - check.value) <= check.tolerance;
}

/** What the page says to a typed answer; on a wrong one, the challenge's hint follows the text. */
export interface AnswerVerdict {
  solved: boolean;
  text: string;
  showHint: boolean;
}

export function answerVerdict(
  check: ChallengeCheck,
  typed: string,
  hasHint: boolean,
): AnswerVerdict {
  const t = typed.trim();
  if (!t) return { solved: false, text: 'Type a number first.', showHint: false };
  if (meetsCheck(check, t)) return { solved: true, text: 'Solved! Well done.', showHint: false };
  // Without a hint, "try again" is all there is to say; with one, the hint says where to look.
  return {
    solved: false,
    text: `Not yet: ${t} is not it.${hasHint ? ' ' : ' Try again.'}`,
    showHint: hasHint,
  };
}
