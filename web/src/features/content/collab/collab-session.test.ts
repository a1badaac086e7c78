import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '../../../lib/api-client';
import { CollabRelay } from '../../../test/collab-relay';
import { fakeFetch, json } from '../../../test/fake-fetch';
import {
  CollabSession,
  SAVED_AFTER_MS,
  type ConnectTransport,
  type TransportEvents,
} from './collab-session';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function browserGoes(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('CollabSession when the browser goes offline', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says Offline at once, keeps what is typed here, and merges it when back online', async () => {
    const relay = new CollabRelay();
    relay.seed('content:1', 'Opening line.');
    const session = new CollabSession({
      name: 'content:1',
      user: 1,
      connect: relay.connect,
      persist: false,
    });
    await session.whenSynced();
    expect(session.getState().sync).toBe('saved');

    browserGoes(false);
    expect(session.getState().sync).toBe('offline');
    session.text.insert(session.text.length, ' Written offline.');
    // The connection was closed: nothing reached the server.
    expect(relay.text('content:1')).toBe('Opening line.');
    relay.doc('content:1').getText('content').insert(0, 'Meanwhile: ');
    expect(session.text.toString()).toBe('Opening line. Written offline.');

    browserGoes(true);
    await flush();
    expect(session.getState().sync).toBe('saved');
    expect(session.text.toString()).toBe('Meanwhile: Opening line. Written offline.');
    expect(relay.text('content:1')).toBe('Meanwhile: Opening line. Written offline.');
    session.destroy();
  });

  it('opened while offline: Offline (not Saving), connected once the browser is back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const relay = new CollabRelay();
    relay.seed('content:2', 'Kept.');
    const session = new CollabSession({
      name: 'content:2',
      user: 1,
      connect: relay.connect,
      persist: false,
    });
    await flush();
    expect(session.getState().sync).toBe('offline');
    expect(session.text.toString()).toBe('');

    browserGoes(true);
    await session.whenSynced();
    expect(session.getState().sync).toBe('saved');
    expect(session.text.toString()).toBe('Kept.');
    session.destroy();
  });
});

describe('CollabSession when the server does not accept the token', () => {
  afterEach(() => {
    setSessionExpiredHandler(() => {});
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  function signedIn() {
    localStorage.setItem('access_token', 'Bearer dead');
    localStorage.setItem('refresh_token', 'r1');
  }

  it('refreshes the session and connects again with the new token', async () => {
    signedIn();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    const relay = new CollabRelay();
    relay.seed('content:3', 'Still here.');
    relay.deny('content:3', 'unauthorized');
    const fake = fakeFetch({
      'POST /api/auth/refresh-token/': () => {
        // The new token is one the server accepts.
        relay.allow('content:3');
        return json(200, { access: 'fresh', refresh: 'r2' });
      },
    });
    vi.stubGlobal('fetch', fake.fn);
    const session = new CollabSession({
      name: 'content:3',
      user: 1,
      connect: relay.connect,
      persist: false,
    });
    await session.whenSynced();
    expect(fake.calls).toHaveLength(1);
    expect(session.getState()).toMatchObject({ sync: 'saved', lost: false });
    expect(session.text.toString()).toBe('Still here.');
    expect(localStorage.getItem('access_token')).toBe('Bearer fresh');
    expect(expired).not.toHaveBeenCalled();
    session.destroy();
  });

  it('sends the person to sign in when the refresh fails, keeping the text on the device', async () => {
    signedIn();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/auth/refresh-token/': () => json(401, { code: 'token_not_valid' }),
      }).fn,
    );
    const relay = new CollabRelay();
    relay.deny('content:4', 'unauthorized');
    const session = new CollabSession({
      name: 'content:4',
      user: 1,
      connect: relay.connect,
      persist: false,
    });
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    // Not "lost access": the stored copy is kept for when they are back.
    expect(session.getState()).toMatchObject({ sync: 'offline', lost: false });
    expect(localStorage.getItem('access_token')).toBeNull();
    session.destroy();
  });

  it('a new token refused as well ends the session instead of refreshing again', async () => {
    signedIn();
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    const fake = fakeFetch({
      'POST /api/auth/refresh-token/': () => json(200, { access: 'fresh', refresh: 'r2' }),
    });
    vi.stubGlobal('fetch', fake.fn);
    const relay = new CollabRelay();
    relay.deny('content:5', 'unauthorized');
    const session = new CollabSession({
      name: 'content:5',
      user: 1,
      connect: relay.connect,
      persist: false,
    });
    await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    expect(fake.calls).toHaveLength(1);
    session.destroy();
  });
});

describe('CollabSession status while someone types', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says Saving from the first key and Saved once every key has been acknowledged for a moment', () => {
    vi.useFakeTimers();
    // The socket's events, driven by hand: each key is unacknowledged until the server answers.
    let events: TransportEvents | undefined;
    const connect: ConnectTransport = (_name, _doc, handlers) => {
      events = handlers;
      return { awareness: null, disconnect() {}, connect() {}, reconnect() {}, destroy() {} };
    };
    const session = new CollabSession({ name: 'content:3', user: 1, connect, persist: false });
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getState().sync));
    events!.connected(true);
    events!.synced();
    expect(session.getState().sync).toBe('saved');
    seen.length = 0;

    // Three keys, each acknowledged a few milliseconds later, 100 ms apart.
    for (let key = 0; key < 3; key += 1) {
      events!.unsynced(true);
      vi.advanceTimersByTime(5);
      events!.unsynced(false);
      vi.advanceTimersByTime(95);
    }
    // One change for the whole burst, not two per key.
    expect(seen).toEqual(['saving']);
    // The last acknowledgement came 95 ms ago.
    vi.advanceTimersByTime(SAVED_AFTER_MS - 95 - 1);
    expect(session.getState().sync).toBe('saving');
    vi.advanceTimersByTime(1);
    expect(session.getState().sync).toBe('saved');
    expect(seen).toEqual(['saving', 'saved']);

    // Unacknowledged for long: Saving stays, whatever the wait.
    events!.unsynced(true);
    vi.advanceTimersByTime(SAVED_AFTER_MS * 3);
    expect(session.getState().sync).toBe('saving');
    // Losing the connection is said at once.
    events!.connected(false);
    expect(session.getState().sync).toBe('offline');
    session.destroy();
  });
});
