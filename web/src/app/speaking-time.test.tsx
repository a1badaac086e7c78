import { scriptSpeakingSeconds } from '@cw/contract/script';
import { countWords, formatSpeakingTime } from '@cw/contract/words';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardCardBody } from '../features/pipeline/components/board-card';
import { TeleprompterPage } from '../features/pipeline/pages/teleprompter-page';
import { editorText } from '../test/editor';
import { makeContent, WithUser } from '../test/library-fixtures';
import { renderPage } from '../test/render';
import { fakeFetch, json } from '../test/fake-fetch';
import { openItemTwo } from '../features/content/pages/render-writing-page';
import { stubResizeObserver } from '../test/browser-fakes';

/**
 * One script, one speaking time (decision 215): the editor's status bar, a board card and the
 * teleprompter's clock (and the public item page, server/test/library/publishing) all time the
 * words read aloud: headings and `[cues]` left out. Before, the editor counted every word
 * (13 min 15 s of spoken words read 14 min and more there) while the teleprompter did not.
 */
const words = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `word${from + i}`).join(' ');
const SCRIPT = [
  '# Cold open',
  `${words(400)} [look at camera]`,
  '## Part one',
  words(800, 400),
  '[b-roll: the workshop]',
  '## Part two',
  `**${words(787, 1200)}**`,
  '# Outro [music]',
].join('\n\n');
const item = makeContent({ id: 2, title: 'Desk build', content: SCRIPT, word_count: 1999 });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('access_token', 'Bearer abc');
  stubResizeObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe('one speaking time for the editor, the board and the teleprompter', () => {
  it('is 13 min 15 s for 1,987 spoken words at 150 words a minute, whatever else the text holds', () => {
    expect(countWords(SCRIPT)).toBeGreaterThan(1987);
    expect(scriptSpeakingSeconds(SCRIPT, 150)).toBe(795);
    expect(formatSpeakingTime(795)).toBe('13 min 15 s');
  });

  it('the editor’s status bar says it', async () => {
    openItemTwo(item, SCRIPT);
    await waitFor(() => expect(editorText()).toBe(SCRIPT));
    await waitFor(() =>
      expect(screen.getByTestId('speaking-time')).toHaveTextContent('13 min 15 s speaking time'),
    );
  });

  it('a board card says it', () => {
    render(
      <MemoryRouter>
        <BoardCardBody item={item} wordsPerMinute={150} />
      </MemoryRouter>,
    );
    expect(screen.getByText('13 min 15 s speaking time')).toBeInTheDocument();
  });

  it('the teleprompter counts it down from 13:15', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/collections/contents-list/2/': () => json(200, item) }).fn,
    );
    renderPage(
      <WithUser>
        <TeleprompterPage />
      </WithUser>,
      { path: '/content/:id/teleprompter', route: '/content/2/teleprompter' },
    );
    expect(await screen.findByText('13:15 left')).toBeInTheDocument();
  });
});
