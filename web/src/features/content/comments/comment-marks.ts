import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  keymap,
  showTooltip,
  type DecorationSet,
  type Tooltip,
} from '@codemirror/view';

/** The shortcut that comments on the selection (docs/product.md, "Comments"). */
export const COMMENT_SHORTCUT = 'Mod-Alt-m';
export const COMMENT_SHORTCUT_LABEL = 'Ctrl+Alt+M';

/** A thread's passage in the editor's text. */
export interface MarkedPassage {
  threadId: number;
  from: number;
  to: number;
}

/** Sets the passages to highlight (and which one is chosen). */
export const setCommentMarks = StateEffect.define<{
  passages: MarkedPassage[];
  active: number | null;
}>();

const marks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, transaction) {
    let next = value.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setCommentMarks)) continue;
      const length = transaction.state.doc.length;
      const ranges = effect.value.passages
        .filter((passage) => passage.to > passage.from && passage.to <= length)
        .sort((a, b) => a.from - b.from || a.to - b.to)
        .map((passage) =>
          Decoration.mark({
            class:
              passage.threadId === effect.value.active
                ? 'cm-comment-mark cm-comment-mark-active'
                : 'cm-comment-mark',
            attributes: { 'data-thread': String(passage.threadId) },
          }).range(passage.from, passage.to),
        );
      next = Decoration.set(ranges, true);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The "Add comment" control over a selection. */
function selectionTooltip(state: EditorState, onAdd: () => void): Tooltip | null {
  const range = state.selection.main;
  if (range.empty) return null;
  return {
    pos: range.head,
    above: range.head === range.from,
    arrow: false,
    create: () => {
      const dom = document.createElement('div');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'cm-add-comment';
      button.textContent = 'Add comment';
      button.title = `Add comment (${COMMENT_SHORTCUT_LABEL})`;
      button.setAttribute('aria-keyshortcuts', 'Control+Alt+M');
      // Keeps the selection: the click must not move the caret before the comment is made.
      button.addEventListener('mousedown', (event) => event.preventDefault());
      button.addEventListener('click', onAdd);
      dom.append(button);
      return { dom };
    },
  };
}

const theme = EditorView.theme({
  '.cm-comment-mark': { backgroundColor: '#fef3c7', borderBottom: '2px solid #f59e0b' },
  '.cm-comment-mark-active': { backgroundColor: '#fde68a' },
  '.cm-tooltip:has(.cm-add-comment)': { border: 'none', backgroundColor: 'transparent' },
  '.cm-add-comment': {
    font: '600 0.75rem ui-sans-serif, system-ui, sans-serif',
    padding: '0.25rem 0.5rem',
    borderRadius: '0.375rem',
    backgroundColor: '#4338ca',
    color: 'white',
    boxShadow: '0 1px 3px rgb(0 0 0 / 0.2)',
    cursor: 'pointer',
  },
  '.cm-add-comment:focus-visible': { outline: '2px solid #4338ca', outlineOffset: '2px' },
});

/**
 * Comments in the editor: the highlighted passages of open threads, the "Add comment" control
 * over a selection and its shortcut (Ctrl/⌘+Alt+M); a click on a passage picks its thread.
 * `onAdd` and `onPick` are read at each use (undefined: no control).
 */
export function commentMarks(
  onAdd: () => (() => void) | undefined,
  onPick: () => ((threadId: number) => void) | undefined = () => undefined,
): Extension {
  const add = () => onAdd()?.();
  return [
    marks,
    theme,
    EditorView.domEventHandlers({
      click: (event) => {
        const mark = event.target instanceof Element ? event.target.closest('[data-thread]') : null;
        const id = Number(mark?.getAttribute('data-thread'));
        if (mark && Number.isInteger(id)) onPick()?.(id);
        return false;
      },
    }),
    showTooltip.compute(['selection'], (state) => (onAdd() ? selectionTooltip(state, add) : null)),
    keymap.of([
      {
        key: COMMENT_SHORTCUT,
        run: (view) => {
          const handler = onAdd();
          if (!handler || view.state.selection.main.empty) return false;
          handler();
          return true;
        },
      },
    ]),
  ];
}
