import type { SearchResult } from '@cw/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInLayout } from '../../../app/layouts/signed-in-layout';
import { makeResult, page, testUser, WithUser, pageAnswer } from '../../../test/library-fixtures';
import { currentPath, currentSearch, renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';

const RESULTS: SearchResult[] = [
  makeResult({ type: 'tag', id: 8, title: 'intro', highlights: [[0, 5]] }),
  makeResult({ type: 'content', id: 5, title: 'Intro script' }),
  makeResult({
    type: 'note',
    id: 9,
    title: 'Guest ideas',
    snippet: 'Ask for an intro <b>here</b>',
    highlights: [[11, 16]],
    title_highlights: [],
    collection: 3,
    parent: { type: 'collection', id: 3, title: 'Season 2' },
    role: 'editor',
  }),
  makeResult({ type: 'collection', id: 3, title: 'Intros', highlights: [[0, 5]] }),
];

/** The `q` of a search call. */
const qOf = (url: string) => new URL(url, 'http://x').searchParams.get('q');

function renderShell(search: (q: string) => Response | Promise<Response>) {
  const fetch = fakeFetch({ 'GET /api/search/': (url) => search(qOf(url) ?? '') });
  vi.stubGlobal('fetch', fetch.fn);
  renderPage(
    <WithUser>
      <SignedInLayout />
    </WithUser>,
    // Every path: the shell stays while results open other screens.
    { path: '*', route: '/dashboard' },
  );
  return { fetch, user: userEvent.setup({ delay: null }) };
}

const searchCalls = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.calls.filter((call) => call.url.startsWith('/api/search/')).map((call) => qOf(call.url));

const combobox = () => screen.getByRole('combobox', { name: 'Search' });
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

afterEach(() => vi.unstubAllGlobals());

describe('CommandPalette', () => {
  it('opens from the top bar, on Ctrl+K and Cmd+K, and on "/" outside text fields; Escape closes and gives the focus back', async () => {
    const { user } = renderShell(pageAnswer([]));
    const trigger = screen.getByRole('button', { name: 'Open search' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Search content, notes, collections, files and tags by words.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.keyboard('/');
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveValue('');
    await user.keyboard('{Escape}');
  });

  it('"/" typed into a text field stays in the field', async () => {
    const { user } = renderShell(pageAnswer([]));
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveValue('/');
    field.remove();
  });

  it('asks once typing pauses and groups the answers by type under headings, matches marked', async () => {
    const { user, fetch } = renderShell(pageAnswer(RESULTS));
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), 'intro');
    await screen.findByRole('group', { name: 'Content' });
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    // One call for the whole word: the palette waits for typing to pause.
    expect(searchCalls(fetch)).toEqual(['intro']);

    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(4);
    expect(groups.map((group) => within(group).getAllByRole('option').length)).toEqual([
      1, 1, 1, 1,
    ]);
    // The order of the headings, whatever the server's order: Content, Notes, Collections, Tags.
    expect(screen.getByRole('group', { name: 'Content' })).toBe(groups[0]);
    expect(screen.getByRole('group', { name: 'Notes' })).toBe(groups[1]);
    expect(screen.getByRole('group', { name: 'Collections' })).toBe(groups[2]);
    expect(screen.getByRole('group', { name: 'Tags' })).toBe(groups[3]);

    const note = within(screen.getByRole('group', { name: 'Notes' })).getByRole('option');
    // The snippet is text: its "<b>" stays visible characters, the match is a <mark>.
    expect(note).toHaveTextContent('Ask for an intro <b>here</b>');
    expect(note.querySelector('b')).toBeNull();
    expect([...note.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['intro']);
    expect(note).toHaveTextContent('in Season 2');
    expect(within(note).getByTestId('role-badge')).toHaveTextContent('Editor');
    const content = within(screen.getByRole('group', { name: 'Content' })).getByRole('option');
    expect(content.querySelector('mark')).toHaveTextContent('Intro');
    expect(within(listbox).getByRole('option', { name: /See all results for/ })).toBeVisible();
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('4 results');
  });

  it('moves with the arrows (wrapping) and opens the chosen result with Enter', async () => {
    const { user } = renderShell(pageAnswer(RESULTS));
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), 'intro');
    await screen.findByRole('group', { name: 'Content' });
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toHaveTextContent('Intro script');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Guest ideas');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption()).toHaveTextContent('See all results for “intro”');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Intro script');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/collections/3');
    expect(currentSearch()).toBe('?note=9');
  });

  it('opens with the mouse: a tag opens the content list filtered by it', async () => {
    const { user } = renderShell(pageAnswer(RESULTS));
    await user.click(screen.getByRole('button', { name: 'Open search' }));
    await user.type(combobox(), 'intro');
    const tags = await screen.findByRole('group', { name: 'Tags' });
    await user.hover(within(tags).getByRole('option'));
    expect(activeOption()).toHaveTextContent('intro');
    await user.click(within(tags).getByRole('option'));
    expect(currentPath()).toBe('/content');
    expect(currentSearch()).toBe('?tag=8');
  });

  it('"See all results" opens /search with the query', async () => {
    const { user } = renderShell(pageAnswer(RESULTS));
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), 'intro  ');
    await user.click(await screen.findByRole('option', { name: /See all results for/ }));
    expect(currentPath()).toBe('/search');
    expect(currentSearch()).toBe('?q=intro');
  });

  it('never lets an older answer that arrives last replace the newer one', async () => {
    let answerOld: (response: Response) => void = () => {};
    const { user, fetch } = renderShell((q) =>
      q === 'in'
        ? new Promise<Response>((resolve) => {
            answerOld = resolve;
          })
        : json(200, page([makeResult({ id: 5, title: 'Intro script' })])),
    );
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), 'in');
    await waitFor(() => expect(searchCalls(fetch)).toEqual(['in']));
    await user.type(combobox(), 'tro');
    expect(await screen.findByRole('option', { name: /Intro script/ })).toBeInTheDocument();
    expect(searchCalls(fetch)).toEqual(['in', 'intro']);

    // The answer for "in" comes back last, with other results.
    answerOld(json(200, page([makeResult({ id: 6, title: 'Inbox zero' })])));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Inbox zero')).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Intro script/ })).toBeInTheDocument();
    expect(activeOption()).toHaveTextContent('Intro script');
  });

  it('says when nothing matches and when the search fails', async () => {
    const { user } = renderShell((q) =>
      q === 'boom' ? json(500, { message: 'Internal server error' }) : json(200, page([])),
    );
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), 'zzz');
    expect(await screen.findByText('No results for "zzz".')).toBeInTheDocument();
    // "See all results" is still offered.
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.clear(combobox());
    await user.type(combobox(), 'boom');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed. Please try again.');
  });

  it('keeps the last six searches per person, offers them while the field is empty, and clears them', async () => {
    localStorage.setItem(`cw.recent-searches.${testUser.id + 1}`, JSON.stringify(['theirs']));
    const { user } = renderShell(pageAnswer(RESULTS));
    for (const q of ['one', 'two', 'three', 'four', 'five', 'six', 'intro']) {
      await user.keyboard('{Control>}k{/Control}');
      await user.type(combobox(), q);
      await user.click(await screen.findByRole('option', { name: /See all results for/ }));
    }
    expect(JSON.parse(localStorage.getItem(`cw.recent-searches.${testUser.id}`)!)).toEqual([
      'intro',
      'six',
      'five',
      'four',
      'three',
      'two',
    ]);

    await user.keyboard('{Control>}k{/Control}');
    const recent = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['intro', 'six', 'five', 'four', 'three', 'two']);
    expect(screen.queryByText('theirs')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(combobox()).toHaveValue('six');
    await user.clear(combobox());
    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox()).toHaveFocus();
    expect(localStorage.getItem(`cw.recent-searches.${testUser.id}`)).toBeNull();
    expect(localStorage.getItem(`cw.recent-searches.${testUser.id + 1}`)).not.toBeNull();
  });
});
