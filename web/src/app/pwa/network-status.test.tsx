import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { OfflineIndicator, PausedActionsNotice, UpdatePrompt } from './network-status';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the offline indicator', () => {
  it('shows while the browser has no network, and goes when it is back', () => {
    render(<OfflineIndicator />);
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByTestId('offline-indicator')).toHaveTextContent('Offline');
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
  });
});

describe('the update prompt', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  function stubWorkers(waiting: { postMessage: (message: unknown) => void } | null) {
    const container = new EventTarget();
    const registration = Object.assign(new EventTarget(), {
      waiting,
      installing: null,
      update: vi.fn(() => Promise.resolve()),
    });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: Object.assign(container, {
        controller: {},
        getRegistration: () => Promise.resolve(registration),
      }),
    });
    return container;
  }

  it('says nothing while no new version waits', async () => {
    stubWorkers(null);
    render(<UpdatePrompt />);
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('offers "New version — Reload", and Reload lets the new worker take over', async () => {
    const waiting = { postMessage: vi.fn() };
    stubWorkers(waiting);
    render(<UpdatePrompt />);
    const prompt = await screen.findByTestId('update-prompt');
    expect(prompt).toHaveTextContent(/New version —\s*Reload/);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});

describe('actions that need the network', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('say they wait while offline, and are sent once back online', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <PausedActionsNotice />
      </QueryClientProvider>,
    );
    const share = vi.fn(() => Promise.resolve('sent'));
    act(() => onlineManager.setOnline(false));
    const sent = act(() =>
      client.getMutationCache().build(client, { mutationFn: share }).execute(undefined),
    );
    expect(await screen.findByTestId('offline-actions')).toHaveTextContent(
      "You're offline. This change waits and will be sent when you're back online.",
    );
    expect(share).not.toHaveBeenCalled();
    act(() => onlineManager.setOnline(true));
    await sent;
    expect(share).toHaveBeenCalled();
    expect(screen.queryByTestId('offline-actions')).toBeNull();
  });
});
