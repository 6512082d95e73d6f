/** One reversible edit. `redo` applies it again after an undo. */
export interface Command {
  readonly label: string;
  /**
   * What undoing or redoing it changes, so views redraw only that: a property, the tree's
   * shape, or the whole scene. Set by whoever records it.
   */
  kind?: 'property' | 'structure' | 'scene';
  undo(): void;
  redo(): void;
  /**
   * Edits that continue this one (the same field scrubbed again, a handle nudged again) fold
   * into it, so one gesture is one step. Returns true if `next` was folded in.
   */
  absorb?(next: Command): boolean;
}

/** Several commands as one step: undone in reverse order, redone in order. */
export function compound(label: string, parts: readonly Command[]): Command {
  return {
    label,
    undo: () => {
      for (let i = parts.length - 1; i >= 0; i--) parts[i]!.undo();
    },
    redo: () => {
      for (const p of parts) p.redo();
    },
  };
}

/**
 * Undo and redo, as every editor has them. Commands arrive already applied (the editor did the
 * edit, then records how to reverse it). A new edit clears what could be redone. The history
 * is bounded so a long session does not keep every intermediate scene alive.
 */
export class UndoStack {
  private readonly done: Command[] = [];
  private readonly undone: Command[] = [];
  /** The next push starts a new step even if the last command could absorb it. */
  private sealed = false;

  constructor(private readonly limit = 500) {}

  /** Records an edit that has just been applied. */
  push(command: Command): void {
    this.undone.length = 0;
    const last = this.done[this.done.length - 1];
    const folded = !this.sealed && last?.absorb?.(command);
    this.sealed = false;
    if (folded) return;
    this.done.push(command);
    if (this.done.length > this.limit) this.done.shift();
  }

  undo(): Command | null {
    const c = this.done.pop();
    if (!c) return null;
    c.undo();
    this.undone.push(c);
    this.sealed = true;
    return c;
  }

  redo(): Command | null {
    const c = this.undone.pop();
    if (!c) return null;
    c.redo();
    this.done.push(c);
    this.sealed = true;
    return c;
  }

  /** Stops the last command from absorbing the next (a gesture ended). */
  seal(): void {
    this.sealed = true;
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
    this.sealed = false;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }
  get canRedo(): boolean {
    return this.undone.length > 0;
  }
  /** Label of the step Undo would reverse ('' if none). */
  get undoLabel(): string {
    return this.done[this.done.length - 1]?.label ?? '';
  }
  get redoLabel(): string {
    return this.undone[this.undone.length - 1]?.label ?? '';
  }
}
