import { CompletionContext, type Completion } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkCompletionSource } from './wikilink-completion';

const views: EditorView[] = [];
afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

function editorWith(doc: string, caret = doc.length) {
  const view = new EditorView({
    state: EditorState.create({ doc, selection: { anchor: caret } }),
    parent: document.body,
  });
  views.push(view);
  return view;
}

async function complete(view: EditorView, titles: string[]) {
  const find = vi.fn(async () => titles);
  const context = new CompletionContext(view.state, view.state.selection.main.head, false);
  const result = await linkCompletionSource(find)(context);
  return { find, result };
}

function pick(view: EditorView, option: Completion, from: number) {
  const apply = option.apply as (v: EditorView, c: Completion, f: number, t: number) => void;
  apply(view, option, from, view.state.selection.main.head);
}

describe('the editor’s `[[` list (decision 211)', () => {
  it('asks for titles of what follows `[[`, and picking one writes `[[Title]]`', async () => {
    const view = editorWith('See [[cam');
    const { find, result } = await complete(view, ['Camera settings', 'Bad [title]', 'Camera']);
    expect(find).toHaveBeenCalledWith('cam', expect.any(AbortSignal));
    expect(result?.options.map((option) => option.label)).toEqual(['Camera settings', 'Camera']);
    pick(view, result!.options[0]!, result!.from);
    expect(view.state.doc.toString()).toBe('See [[Camera settings]]');
    expect(view.state.selection.main.head).toBe(view.state.doc.length);
  });

  it('lists the newest items right after `[[`, and writes over a `]]` already there', async () => {
    const view = editorWith('Go [[]] now', 5);
    const { find, result } = await complete(view, ['Newest']);
    expect(find).toHaveBeenCalledWith('', expect.any(AbortSignal));
    pick(view, result!.options[0]!, result!.from);
    expect(view.state.doc.toString()).toBe('Go [[Newest]] now');
  });

  it('stays out of the way elsewhere', async () => {
    for (const text of ['Plain words', 'A [single', 'Done [[Link]] after', 'Alias [[a|b']) {
      const { find, result } = await complete(editorWith(text), ['Anything']);
      expect(result, text).toBeNull();
      expect(find).not.toHaveBeenCalled();
    }
  });
});
