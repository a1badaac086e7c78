import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineIndicator, UpdatePrompt } from './network-status';

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
