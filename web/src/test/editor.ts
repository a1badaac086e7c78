import { EditorView } from '@codemirror/view';
import { act, fireEvent, screen } from '@testing-library/react';

/** The CodeMirror editor named `name` (its content carries the label as aria-label). */
export function editorView(name = 'Content'): EditorView {
  const dom = screen.getByLabelText(name, { selector: '.cm-content' });
  const view = EditorView.findFromDOM(dom);
  if (!view) throw new Error(`No editor named ${name}`);
  return view;
}

/** Types at the caret as a keyboard would (CodeMirror's own input path needs a layout jsdom lacks). */
export function typeInEditor(text: string, view = editorView()): void {
  act(() => {
    view.dispatch({ ...view.state.replaceSelection(text), userEvent: 'input.type' });
  });
}

export function selectInEditor(anchor: number, head = anchor, view = editorView()): void {
  act(() => {
    view.dispatch({ selection: { anchor, head } });
  });
}

/** A key with modifiers, through CodeMirror's keymaps (keydown on its content). */
export function pressInEditor(
  key: string,
  modifiers: { ctrl?: boolean; shift?: boolean } = {},
  view = editorView(),
): void {
  act(() => {
    fireEvent.keyDown(view.contentDOM, {
      key,
      code: key.length === 1 ? `Key${key.toUpperCase()}` : key,
      ctrlKey: modifiers.ctrl ?? false,
      shiftKey: modifiers.shift ?? false,
    });
  });
}

export function editorText(view = editorView()): string {
  return view.state.doc.toString();
}

/** A paste of `data` (type → text) and `files` on the editor, as the browser sends it. */
export function pasteInEditor(
  data: Record<string, string>,
  files: File[] = [],
  view = editorView(),
) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: {
      getData: (type: string) => data[type] ?? '',
      types: Object.keys(data),
      files,
      items: [],
    },
  });
  act(() => {
    view.contentDOM.dispatchEvent(event);
  });
  return event;
}

/** A tiny file that says it is a PNG picture. */
export const pngFile = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
