import { EditorSelection, EditorState, Transaction, type ChangeSpec } from '@codemirror/state';

// eslint-disable-next-line no-control-regex -- NUL is exactly what this removes.
const NUL = /\u0000/g;

/**
 * Text typed, pasted or dropped into the editor loses its NUL characters before it reaches the
 * shared document: the server refuses a NUL in a script as every text field of the API does
 * (docs/auth.md, "Hostile input and abuse"), and a refused update would close the connection.
 */
export const withoutNul = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged) return tr;
  let found = false;
  tr.changes.iterChanges((_fromA, _toA, _fromB, _toB, inserted) => {
    if (!found && inserted.toString().includes('\u0000')) found = true;
  });
  if (!found) return tr;
  const changes: ChangeSpec[] = [];
  tr.changes.iterChanges((from, to, _fromB, _toB, inserted) => {
    changes.push({ from, to, insert: inserted.toString().replace(NUL, '') });
  });
  const cleaned = tr.startState.changes(changes);
  // The caret goes where it would have gone, after the text as it is now.
  const head = cleaned.mapPos(tr.startState.selection.main.head, 1);
  return {
    changes: cleaned,
    selection: EditorSelection.cursor(head),
    scrollIntoView: tr.scrollIntoView,
    userEvent: tr.annotation(Transaction.userEvent),
  };
});
