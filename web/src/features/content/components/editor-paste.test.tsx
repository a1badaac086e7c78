import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { syntaxTree } from '@codemirror/language';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileObject } from '@cw/contract';
import { ApiRequestError } from '../../../lib/api-client';
import {
  editorView,
  pasteInEditor as paste,
  pngFile as png,
  pressInEditor,
  typeInEditor,
} from '../../../test/editor';
import { makeFile } from '../../../test/library-fixtures';
import { CollabSession, presenceColor } from '../collab/collab-session';
import { CodeEditor } from './code-editor';

/** Paste and drop in the writing editor (decision 214). */
const sessions: CollabSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.destroy();
});

function session() {
  const made = new CollabSession({
    name: 'content:7',
    user: 1,
    connect: null,
    presence: { id: 1, name: 'Ada', ...presenceColor(1) },
    persist: false,
  });
  sessions.push(made);
  return made;
}

function Editor({
  of,
  uploadImage,
  onImageError,
}: {
  of: CollabSession;
  uploadImage?: (file: File) => Promise<FileObject>;
  onImageError?: (message: string) => void;
}) {
  return (
    <CodeEditor
      text={of.text}
      awareness={of.awareness}
      undoManager={of.undoManager}
      label="Content"
      uploadImage={uploadImage}
      onImageError={onImageError}
    />
  );
}

describe('pasting into the writing editor', () => {
  it('uploads a pasted picture and writes it into the text where the caret is', async () => {
    const doc = session();
    let finish: (file: FileObject) => void = () => undefined;
    const uploadImage = vi.fn(
      () =>
        new Promise<FileObject>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Editor of={doc} uploadImage={uploadImage} />);
    typeInEditor('Before\n');
    const event = paste({}, [png('Stage-plan.png')]);
    expect(event.defaultPrevented).toBe(true);
    expect(uploadImage).toHaveBeenCalledWith(expect.objectContaining({ name: 'Stage-plan.png' }));
    // A placeholder while it uploads, which the preview shows as words.
    expect(doc.text.toString()).toMatch(/^Before\n!\[Uploading Stage-plan…\]\(uploading:\w+\)$/);
    act(() => finish(makeFile({ id: 42, name: 'Stage-plan.png', content_type: 'image/png' })));
    await waitFor(() =>
      expect(doc.text.toString()).toBe(
        'Before\n![Stage-plan](/api/collections/files/42/download/)',
      ),
    );
  });

  it('removes the placeholder and says why when the upload fails', async () => {
    const doc = session();
    const onImageError = vi.fn();
    const uploadImage = vi.fn(() =>
      Promise.reject(
        new ApiRequestError(413, {
          detail: 'The file is larger than the limit of 26214400 bytes.',
        }),
      ),
    );
    render(<Editor of={doc} uploadImage={uploadImage} onImageError={onImageError} />);
    typeInEditor('Text');
    paste({}, [png('huge.png')]);
    await waitFor(() =>
      expect(onImageError).toHaveBeenCalledWith(
        'huge.png could not be uploaded: The file is larger than the limit of 26214400 bytes.',
      ),
    );
    expect(doc.text.toString()).toBe('Text');
  });

  it('pastes HTML from a document as markdown, and Ctrl+Shift+V as plain text', () => {
    const doc = session();
    render(<Editor of={doc} />);
    const html =
      '<b style="font-weight:normal" id="docs-internal-guid-1"><h2>Plan</h2><p><span style="font-weight:700">Bold</span> and <a href="https://example.com">a link</a></p></b>';
    const event = paste({ 'text/html': html, 'text/plain': 'Plan\nBold and a link' });
    expect(event.defaultPrevented).toBe(true);
    expect(doc.text.toString()).toBe('## Plan\n\n**Bold** and [a link](https://example.com)');
    // Ctrl+Shift+V: the plain text (CodeMirror's own paste), not turned into markdown.
    typeInEditor('\n');
    pressInEditor('V', { ctrl: true, shift: true });
    paste({ 'text/html': html, 'text/plain': 'Plan *as typed*' });
    expect(doc.text.toString()).toBe(
      '## Plan\n\n**Bold** and [a link](https://example.com)\nPlan *as typed*',
    );
    // The next paste converts again.
    paste({ 'text/html': '<p><em>again</em></p>', 'text/plain': 'again' });
    expect(doc.text.toString()).toMatch(/\*as typed\*_again_$/);
  });

  it('makes a link of a URL pasted over selected words, and reads the text as markdown', () => {
    const doc = session();
    render(<Editor of={doc} />);
    typeInEditor('## Scene\n\nsee the <b>brief</b>');
    const view = editorView();
    const at = view.state.doc.toString().indexOf('the');
    act(() => view.dispatch({ selection: { anchor: at, head: at + 3 } }));
    paste({ 'text/plain': 'https://example.com/brief' });
    expect(doc.text.toString()).toBe(
      '## Scene\n\nsee [the](https://example.com/brief) <b>brief</b>',
    );
    // CommonMark without the HTML, CSS and JavaScript parsers (decision 253): a heading and an
    // HTML tag are what the parser sees, the tag not parsed into HTML.
    const names = new Set<string>();
    syntaxTree(view.state).iterate({ enter: (node) => void names.add(node.name) });
    expect(names).toContain('ATXHeading2');
    expect(names).toContain('HTMLTag');
    expect(names).not.toContain('TagName');
  });

  it('says so when a dropped file is not a picture, and never reads it into the text', () => {
    const doc = session();
    const onImageError = vi.fn();
    const uploadImage = vi.fn();
    render(<Editor of={doc} uploadImage={uploadImage} onImageError={onImageError} />);
    const pdf = new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' });
    const drop = fireEvent.drop(editorView().contentDOM, { dataTransfer: { files: [pdf] } });
    expect(drop).toBe(false); // prevented
    expect(onImageError).toHaveBeenCalledWith(expect.stringContaining('Only pictures'));
    expect(uploadImage).not.toHaveBeenCalled();
    expect(doc.text.toString()).toBe('');
    expect(screen.getByLabelText('Content', { selector: '.cm-content' })).toBeInTheDocument();
  });
});
