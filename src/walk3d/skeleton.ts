/**
 * A skeleton as seed 000 §2.2 has it: a tree of named joints, each storing where it sits in its
 * parent's space (its bind translation). Joints are stored parents first, so one pass in index
 * order can compute every joint's model-space transform.
 */
export interface Joint {
  name: string;
  /** Index of the parent joint, −1 for the root. */
  parent: number;
  /** Bind translation in the parent's space. */
  offset: [number, number, number];
  /** A BVH "End Site": a joint with no channels that only marks where its bone ends. */
  end: boolean;
}

export class Skeleton {
  readonly joints: readonly Joint[];
  private readonly byName = new Map<string, number>();

  constructor(joints: readonly Joint[]) {
    joints.forEach((j, i) => {
      if (j.parent >= i)
        throw new Error(`joint "${j.name}" (${i}) comes before its parent (${j.parent})`);
      this.byName.set(j.name, i);
    });
    this.joints = joints;
  }

  get count(): number {
    return this.joints.length;
  }

  /** Index of a joint by name, or −1. */
  indexOf(name: string): number {
    return this.byName.get(name) ?? -1;
  }

  children(i: number): number[] {
    const out: number[] = [];
    this.joints.forEach((j, k) => {
      if (j.parent === i) out.push(k);
    });
    return out;
  }

  /** The joints from the root down to `i` (root first). */
  pathTo(i: number): number[] {
    const out: number[] = [];
    for (let k = i; k >= 0; k = this.joints[k]!.parent) out.unshift(k);
    return out;
  }

  /** The total bind-pose length of the bones from joint `from` down to joint `to`. */
  chainLength(from: number, to: number): number {
    let len = 0;
    for (let k = to; k !== from && k >= 0; k = this.joints[k]!.parent) {
      const o = this.joints[k]!.offset;
      len += Math.hypot(o[0], o[1], o[2]);
    }
    return len;
  }
}

/** Which side a joint is on by its name, or null for the middle (spine, head). */
export function jointSide(name: string): 'left' | 'right' | null {
  // "LeftFoot", "l_foot", "foot.L", "LFoot"; not "lowerFoot".
  const marked = (word: RegExp, letter: string) =>
    word.test(name) ||
    new RegExp(`^[${letter}${letter.toUpperCase()}][_.\\s-]`).test(name) ||
    new RegExp(`^${letter.toUpperCase()}[A-Z]`).test(name) ||
    new RegExp(`[_.\\s-][${letter}${letter.toUpperCase()}]$`).test(name);
  if (marked(/left/i, 'l')) return 'left';
  if (marked(/right/i, 'r')) return 'right';
  return null;
}
