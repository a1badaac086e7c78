import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CollabRelay } from '../../../test/collab-relay';
import {
  editorText,
  editorView,
  pressInEditor,
  selectInEditor,
  typeInEditor,
} from '../../../test/editor';
import { CollabSession, presenceColor } from '../collab/collab-session';
import { CodeEditor } from './code-editor';
import { minimalChange } from './minimal-change';

const sessions: CollabSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.destroy();
});

function session(relay: CollabRelay | null, id = 1, name = 'Ada Lovelace') {
  const made = new CollabSession({
    name: 'content:7',
    user: id,
    connect: relay ? relay.connect : null,
    presence: { id, name, ...presenceColor(id) },
    persist: false,
  });
  sessions.push(made);
  return made;
}

function Editor({
  of,
  label = 'Content',
  readOnly,
}: {
  of: CollabSession;
  label?: string;
  readOnly?: boolean;
}) {
  return (
    <CodeEditor
      text={of.text}
      awareness={of.awareness}
      undoManager={of.undoManager}
      label={label}
      readOnly={readOnly}
    />
  );
}

describe('CodeEditor', () => {
  it('is named Content for assistive technology and writes into the shared text', () => {
    const doc = session(null);
    render(<Editor of={doc} />);
    typeInEditor('Hello');
    expect(doc.text.toString()).toBe('Hello');
    expect(screen.getByLabelText('Content', { selector: '.cm-content' })).toHaveAttribute(
      'contenteditable',
      'true',
    );
  });

  it('drops NUL characters from typed or pasted text, and keeps the caret after it', () => {
    const doc = session(null);
    render(<Editor of={doc} />);
    typeInEditor('Hello');
    typeInEditor(' wo\u0000rld\u0000');
    expect(doc.text.toString()).toBe('Hello world');
    typeInEditor('!');
    expect(doc.text.toString()).toBe('Hello world!');
  });

  it('wraps the selection with the toolbar and keeps it selected', async () => {
    const doc = session(null);
    render(<Editor of={doc} />);
    typeInEditor('make this bold');
    selectInEditor(10, 14);
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(doc.text.toString()).toBe('make this **bold**');
    const { from, to } = editorView().state.selection.main;
    expect([from, to]).toEqual([12, 16]);
  });

  it('applies Bold, Italic, Underline and Link with Ctrl+B, I, U and K', () => {
    const doc = session(null);
    render(<Editor of={doc} />);
    typeInEditor('x');
    selectInEditor(0, 1);
    pressInEditor('b', { ctrl: true });
    expect(editorText()).toBe('**x**');
    selectInEditor(5);
    pressInEditor('i', { ctrl: true });
    expect(editorText()).toBe('**x**_italic text_');
    selectInEditor(0);
    pressInEditor('k', { ctrl: true });
    expect(editorText()).toBe('[link text](https://)**x**_italic text_');
    selectInEditor(0);
    pressInEditor('u', { ctrl: true });
    expect(editorText().startsWith('++underlined text++')).toBe(true);
  });

  it('continues lists on Enter, ends them on an empty item, and indents items with Tab', () => {
    const doc = session(null);
    render(<Editor of={doc} />);
    typeInEditor('- one');
    pressInEditor('Enter');
    expect(editorText()).toBe('- one\n- ');
    pressInEditor('Tab');
    expect(editorText()).toBe('- one\n  - ');
    pressInEditor('Tab', { shift: true });
    expect(editorText()).toBe('- one\n- ');
    pressInEditor('Enter');
    expect(editorText()).toBe('- one\n');
    typeInEditor('1. first');
    pressInEditor('Enter');
    expect(editorText()).toBe('- one\n1. first\n2. ');
  });

  it('undoes my own edits with Ctrl+Z, never another editor’s', async () => {
    const relay = new CollabRelay();
    const mine = session(relay, 1);
    const theirs = session(relay, 2, 'Grace Hopper');
    render(<Editor of={mine} />);
    await waitFor(() => expect(mine.getState().synced).toBe(true));
    typeInEditor('mine ');
    mine.undoManager.stopCapturing();
    theirs.text.insert(theirs.text.length, 'theirs');
    await waitFor(() => expect(editorText()).toBe('mine theirs'));
    pressInEditor('z', { ctrl: true });
    expect(editorText()).toBe('theirs');
  });

  it('shows another editor’s text as they type, and sends mine to the server', async () => {
    const relay = new CollabRelay();
    const mine = session(relay, 1);
    const theirs = session(relay, 2, 'Grace Hopper');
    render(<Editor of={mine} />);
    await waitFor(() => expect(theirs.getState().synced).toBe(true));
    theirs.text.insert(0, 'Hello from Grace');
    theirs.awareness!.setLocalStateField('cursor', null);
    await waitFor(() => expect(editorText()).toBe('Hello from Grace'));
    expect(relay.text('content:7')).toBe('Hello from Grace');
  });

  it('is read-only for a viewer, without the toolbar, and still shows remote edits', async () => {
    const relay = new CollabRelay();
    const writer = session(relay, 2, 'Grace Hopper');
    relay.readOnly = true;
    const viewer = session(relay, 1);
    render(<Editor of={viewer} readOnly />);
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Content', { selector: '.cm-content' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    expect(editorView().state.readOnly).toBe(true);
    await waitFor(() => expect(writer.getState().synced).toBe(true));
    writer.text.insert(0, 'Live words');
    await waitFor(() => expect(editorText()).toBe('Live words'));
    pressInEditor('b', { ctrl: true });
    expect(editorText()).toBe('Live words');
  });

  it('opens find with Ctrl+F', () => {
    render(<Editor of={session(null)} />);
    typeInEditor('needle in a haystack');
    pressInEditor('f', { ctrl: true });
    expect(screen.getByRole('textbox', { name: 'Find' })).toBeInTheDocument();
  });

  it('moves the words on screen into a new shared text and writes there after', () => {
    const local = session(null);
    const { rerender } = render(<Editor of={local} />);
    typeInEditor('First words, then more');
    const shared = session(null, 1);
    shared.text.insert(0, 'First words');
    rerender(<Editor of={shared} />);
    expect(shared.text.toString()).toBe('First words, then more');
    typeInEditor('!');
    expect(shared.text.toString()).toBe('First words, then more!');
    expect(local.text.toString()).toBe('First words, then more');
  });
});

describe('minimalChange', () => {
  it('keeps the common start and end', () => {
    expect(minimalChange('make this bold', 'make this **bold**')).toEqual({
      from: 10,
      to: 14,
      insert: '**bold**',
    });
    expect(minimalChange('abc', 'abc')).toEqual({ from: 3, to: 3, insert: '' });
    expect(minimalChange('aaa', 'aaaa')).toEqual({ from: 3, to: 3, insert: 'a' });
  });
});
