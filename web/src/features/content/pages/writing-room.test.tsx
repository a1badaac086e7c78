import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editorText, editorView, pasteInEditor, pngFile } from '../../../test/editor';
import { makeCollection, makeContent, page } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { openItemTwo } from './render-writing-page';

const SCRIPT = [
  'Hello and welcome.',
  '',
  '# Intro',
  'One two three four five six.',
  '',
  '## Setup',
  'Seven eight nine. [wave]',
  '',
  '# Outro',
  'Bye now.',
].join('\n');

function renderItem(routes: Parameters<typeof openItemTwo>[2] = {}, content = SCRIPT) {
  const item = makeContent({ id: 2, title: 'Launch script', content });
  return openItemTwo(item, content, {
    'GET /api/collections/list/': () =>
      json(200, page([makeCollection({ id: 3, name: 'Season 2' })])),
    ...routes,
  });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('access_token', 'Bearer abc');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the writing room (decision 215)', () => {
  it('shows words, speaking time and Saved in a bar above the text', async () => {
    renderItem();
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    const bar = screen.getByTestId('writing-bar');
    const status = within(bar).getByTestId('writing-status');
    await waitFor(() => expect(status).toHaveTextContent('Saved'));
    // countWords: 18 words; read aloud 14 (headings and the cue are not): 6 s at 150 wpm.
    expect(status).toHaveTextContent('18 words');
    expect(within(bar).getByTestId('speaking-time')).toHaveTextContent('6 s speaking time');
    // The bar comes before the editor, so it stays in view while the text scrolls below it.
    expect(
      bar.compareDocumentPosition(editorView().dom) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('folds the details panel below the text by default and remembers putting it beside', async () => {
    const user = userEvent.setup();
    renderItem();
    const toggle = await screen.findByRole('button', { name: 'Details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'content-details');
    const form = document.querySelector('form')!;
    expect(form.className).not.toContain('xl:grid-cols-');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(form.className).toContain('xl:grid-cols-[minmax(0,1fr)_20rem]');
    expect(localStorage.getItem('cw.writing-details')).toBe('beside');
  });

  it('enters focus mode by its button and by Ctrl+Shift+F, and Esc leaves it', async () => {
    const user = userEvent.setup();
    renderItem();
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    const room = screen.getByTestId('writing-room');
    await user.click(screen.getByRole('button', { name: 'Focus' }));
    expect(room).toHaveAttribute('data-focus-mode', 'on');
    // Nothing but the text and its status: no view switch, outline or preview.
    expect(screen.queryByRole('group', { name: 'Editor view' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Outline' })).not.toBeInTheDocument();
    expect(screen.getByTestId('writing-status')).toHaveTextContent('speaking time');
    expect(editorView().dom).toBeVisible();
    await user.keyboard('{Escape}');
    expect(room).not.toHaveAttribute('data-focus-mode');
    act(() => {
      fireEvent.keyDown(window, { key: 'F', code: 'KeyF', ctrlKey: true, shiftKey: true });
    });
    expect(room).toHaveAttribute('data-focus-mode', 'on');
    await user.click(screen.getByRole('button', { name: 'Leave focus mode' }));
    expect(room).not.toHaveAttribute('data-focus-mode');
    expect(screen.getByRole('group', { name: 'Editor view' })).toBeInTheDocument();
  });

  it("keeps a failed picture upload's message inside the focus-mode column", async () => {
    const user = userEvent.setup();
    renderItem({
      'POST /api/collections/files/': () =>
        json(413, { detail: 'The file is larger than the limit of 26214400 bytes.' }),
    });
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    await user.click(screen.getByRole('button', { name: 'Focus' }));
    pasteInEditor({}, [pngFile('huge.png')]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('huge.png could not be uploaded');
    // The column is the room's one child in focus mode: the message scrolls with the text.
    const column = screen.getByTestId('writing-room').firstElementChild!;
    expect(column).toContainElement(alert);
    expect(column).toContainElement(editorView().dom);
  });

  it('lists the headings with their speaking times, and a click puts the caret on one', async () => {
    const user = userEvent.setup();
    renderItem();
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    await user.click(screen.getByRole('button', { name: 'Outline' }));
    expect(localStorage.getItem('cw.writing-outline')).toBe('open');
    const outline = screen.getByRole('navigation', { name: 'Outline' });
    const entries = within(outline).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Intro, 3 s',
      'Setup, 2 s',
      'Outro, 1 s',
    ]);
    expect(outline).toHaveTextContent('Before the first heading');
    await user.click(within(outline).getByRole('button', { name: /^Outro/ }));
    const view = editorView();
    expect(view.state.selection.main.head).toBe(SCRIPT.indexOf('# Outro'));
    expect(view.hasFocus).toBe(true);
  });

  it('jumps from Preview by showing the editor first', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cw.editor-mode', 'preview');
    localStorage.setItem('cw.writing-outline', 'open');
    renderItem();
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    const outline = await screen.findByRole('navigation', { name: 'Outline' });
    await user.click(within(outline).getByRole('button', { name: /^Setup/ }));
    await waitFor(() =>
      expect(editorView().state.selection.main.head).toBe(SCRIPT.indexOf('## Setup')),
    );
    expect(
      within(screen.getByRole('group', { name: 'Editor view' })).getByRole('button', {
        name: 'Split',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
