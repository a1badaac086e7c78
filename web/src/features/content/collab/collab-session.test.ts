import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollabRelay } from '../../../test/collab-relay';
import { CollabSession } from './collab-session';

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
