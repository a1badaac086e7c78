import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { FrameBatchedProvider } from './collab-transport';

// The provider's sends of my own edits and cursor moves, gathered per frame (docs/decisions/266).
// A real Hocuspocus provider on a socket that never connects: `send` is what would go out.

interface Sent {
  update?: Uint8Array;
  clients?: number[];
}

describe('FrameBatchedProvider', () => {
  let socket: HocuspocusProviderWebsocket;
  let provider: FrameBatchedProvider;
  let doc: Y.Doc;
  let sent: Sent[];

  beforeEach(() => {
    vi.useFakeTimers();
    socket = new HocuspocusProviderWebsocket({ url: 'ws://127.0.0.1:9', autoConnect: false });
    doc = new Y.Doc();
    provider = new FrameBatchedProvider({
      websocketProvider: socket,
      name: 'content-1',
      document: doc,
    });
    sent = [];
    vi.spyOn(provider, 'send').mockImplementation((_message, args) => {
      const { update, clients } = (args ?? {}) as Sent;
      sent.push({ update, clients });
    });
  });

  afterEach(() => {
    provider.destroy();
    socket.destroy();
    vi.useRealTimers();
  });

  it('sends the keystrokes of one frame after it, as one update that makes the same text', () => {
    const text = doc.getText('content');
    text.insert(0, 'a');
    text.insert(1, 'b');
    text.insert(2, 'c');
    // Nothing during the keystrokes; unsaved meanwhile.
    expect(sent.filter((message) => message.update)).toHaveLength(0);
    expect(provider.hasUnsyncedChanges).toBe(true);

    vi.advanceTimersByTime(200);
    const updates = sent.filter((message) => message.update);
    expect(updates).toHaveLength(1);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, updates[0]!.update!);
    expect(copy.getText('content').toString()).toBe('abc');
    // Sent once: the fallback timer finds nothing left.
    vi.advanceTimersByTime(200);
    expect(sent.filter((message) => message.update)).toHaveLength(1);
  });

  it('does not send back what the server sent', () => {
    const other = new Y.Doc();
    other.getText('content').insert(0, 'from the server');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other), provider);
    vi.advanceTimersByTime(200);
    expect(sent.filter((message) => message.update)).toHaveLength(0);
  });

  it('gathers cursor moves into one awareness message, and says I leave at once', () => {
    provider.awareness?.setLocalStateField('cursor', { anchor: 1 });
    provider.awareness?.setLocalStateField('cursor', { anchor: 2 });
    expect(sent.filter((message) => message.clients)).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(sent.filter((message) => message.clients)).toEqual([{ clients: [doc.clientID] }]);

    sent = [];
    provider.awareness?.setLocalState(null);
    // No timer needed: the others see me go now.
    expect(sent).toEqual([{ clients: [doc.clientID] }]);
  });

  it('sends what is pending when it is destroyed', () => {
    doc.getText('content').insert(0, 'last words');
    provider.destroy();
    const updates = sent.filter((message) => message.update);
    expect(updates).toHaveLength(1);
  });
});
