import type { TextEdit } from './markdown-format';

/**
 * The editor's own undo history. A textarea's native undo only knows what the person typed:
 * a toolbar change written through React is not in it, so Ctrl+Z after Bold would undo the
 * typing before it. Every change goes through here instead: a toolbar action or shortcut is
 * always one step of its own; typing is one step per burst (a pause of a second starts a new
 * one), as in most editors.
 */
export class EditHistory {
  private undoStack: TextEdit[] = [];
  private redoStack: TextEdit[] = [];
  private lastKind: 'typing' | 'action' | null = null;
  private lastTypingAt = 0;

  constructor(
    private readonly limit = 500,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Call before a change is applied, with the text and selection it changes. */
  record(before: TextEdit, kind: 'typing' | 'action'): void {
    const at = this.now();
    const newStep =
      kind === 'action' || this.lastKind !== 'typing' || at - this.lastTypingAt > 1000;
    if (newStep) {
      this.undoStack.push(before);
      if (this.undoStack.length > this.limit) this.undoStack.shift();
    }
    this.redoStack = [];
    this.lastKind = kind;
    this.lastTypingAt = at;
  }

  /** The state to go back to, or null when there is none; `current` becomes redoable. */
  undo(current: TextEdit): TextEdit | null {
    const previous = this.undoStack.pop();
    if (!previous) return null;
    this.redoStack.push(current);
    this.lastKind = null;
    return previous;
  }

  redo(current: TextEdit): TextEdit | null {
    const next = this.redoStack.pop();
    if (!next) return null;
    this.undoStack.push(current);
    this.lastKind = null;
    return next;
  }

  /** The text was replaced from outside (a restored draft, a reset form): old steps no longer apply. */
  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.lastKind = null;
  }
}
