import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CollabTransportContext } from '../../../lib/collab-transport';
import { CollabRelay } from '../../../test/collab-relay';
import { makeContent, WithUser } from '../../../test/library-fixtures';
import { renderPage } from '../../../test/render';
import { fakeFetch, json } from '../../../test/fake-fetch';
import { RemotePage } from '../pages/remote-page';
import { TeleprompterPage } from '../pages/teleprompter-page';
import { stubResizeObserver } from '../../../test/browser-fakes';

/**
 * The phone remote (decision 242): the teleprompter and the phone's page, each on real Yjs
 * presence through the in-memory relay (the server's side: server/test/collab-remote.test.ts).
 */
const SCRIPT = '# Cold open\nHello there.\n\n# Sponsor\nThis part is paid.\n\n# Outro\nBye.';

function open(page: React.ReactElement, path: string, route: string, relay: CollabRelay) {
  renderPage(
    <CollabTransportContext.Provider value={relay.connect}>
      <WithUser>{page}</WithUser>
    </CollabTransportContext.Provider>,
    { path, route },
  );
}

beforeEach(() => {
  localStorage.setItem('access_token', 'Bearer abc');
  // jsdom has no layout: the teleprompter measures nothing, so a running frame loop would stop
  // at once at the script's "end". No frames: playing stays playing.
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  stubResizeObserver();
});
afterEach(() => vi.unstubAllGlobals());

describe('the teleprompter remote', () => {
  it('shows a QR code of the phone’s address, and the phone starts, paces and pauses it', async () => {
    const user = userEvent.setup();
    const relay = new CollabRelay();
    const item = makeContent({ id: 2, title: 'Ep 3.05', content: SCRIPT });
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/collections/contents-list/2/': () => json(200, item) }).fn,
    );
    open(<TeleprompterPage />, '/content/:id/teleprompter', '/content/2/teleprompter', relay);
    await user.click(await screen.findByRole('button', { name: 'Remote' }));
    const dialog = screen.getByRole('dialog', { name: 'Control from your phone' });
    expect(within(dialog).getByRole('img', { name: /QR code/ })).toBeInTheDocument();
    const link = within(dialog).getByRole('link');
    const address = new URL(link.getAttribute('href')!);
    expect(address.pathname).toMatch(/^\/remote\/[A-Za-z0-9_-]{22}$/);
    await waitFor(() =>
      expect(within(dialog).getByTestId('remote-status')).toHaveTextContent(
        'Waiting for your phone…',
      ),
    );

    open(<RemotePage />, '/remote/:key', address.pathname, relay);
    const controls = await screen.findByTestId('remote-controls');
    expect(controls).toHaveTextContent('Controlling Ep 3.05');
    await waitFor(() =>
      expect(within(dialog).getByTestId('remote-status')).toHaveTextContent('Phone connected.'),
    );
    expect(
      within(controls)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Start', 'Slower', 'Faster', 'Back to the start', 'Cold open', 'Sponsor', 'Outro']);

    const stage = screen.getByTestId('teleprompter-stage');
    await user.click(within(controls).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(stage).toHaveAttribute('data-state', 'playing'));
    // The phone follows the teleprompter's state.
    await within(controls).findByRole('button', { name: 'Pause' });
    await user.click(within(controls).getByRole('button', { name: 'Faster' }));
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: /^Speed/ })).toHaveValue(160),
    );
    expect(controls).toHaveTextContent('160words a minute');
    await user.click(within(controls).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(stage).toHaveAttribute('data-state', 'paused'));
  });

  it('says a link with no valid key is not valid', async () => {
    open(<RemotePage />, '/remote/:key', '/remote/not-a-key', new CollabRelay());
    expect(await screen.findByText(/This remote link is not valid/)).toBeInTheDocument();
  });
});
