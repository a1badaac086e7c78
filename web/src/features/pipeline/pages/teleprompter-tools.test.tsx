import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeContent, renderSignedIn } from '../../../test/library-fixtures';
import { json } from '../../../test/fake-fetch';
import { TeleprompterPage } from './teleprompter-page';
import { stubResizeObserver } from '../../../test/browser-fakes';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const item = makeContent({
  id: 3,
  title: 'Desk',
  content: ['# Cold open', words(100), '# Build', words(100), '# Outro', words(50)].join('\n\n'),
  chapter_starts: [{ title: 'Outro', start: 100 }],
});

beforeEach(() => {
  stubResizeObserver();
});
afterEach(() => vi.unstubAllGlobals());

function renderPrompter() {
  return renderSignedIn(
    <TeleprompterPage />,
    { path: '/content/:id/teleprompter', route: '/content/3/teleprompter' },
    { 'GET /api/collections/contents-list/3/': () => json(200, item) },
  );
}

describe('teleprompter tools', () => {
  it('copies the chapters at the account’s pace with the real starts typed on the item', async () => {
    const { user } = renderPrompter();
    await user.click(await screen.findByRole('button', { name: 'Copy chapters' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(
      '00:00 Cold open\n00:40 Build\n01:40 Outro',
    );
  });

  it('shows its keyboard shortcuts from a Shortcuts button, and with ? and Esc', async () => {
    const { user } = renderPrompter();
    const button = await screen.findByRole('button', { name: 'Shortcuts' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const help = screen.getByRole('region', { name: 'Keyboard shortcuts' });
    const terms = within(help)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Space', '↓↑', '→←', '1–9', '?']);
    expect(within(help).getByText('Jump to that section')).toBeInTheDocument();
    screen.getByTestId('teleprompter-stage').focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await user.keyboard('?');
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});
