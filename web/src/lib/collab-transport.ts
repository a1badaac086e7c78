import { HocuspocusProvider } from '@hocuspocus/provider';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { createContext, useContext } from 'react';
import { freshAccessToken } from './api-client';

// How a shared document (an item's, a teleprompter remote's) reaches the server: the socket in
// the app, an in-memory relay in tests.

/** What a transport tells the session; the hocuspocus one maps the provider's events to it. */
export interface TransportEvents {
  connected(value: boolean): void;
  synced(): void;
  unsynced(pending: boolean): void;
  /**
   * The server refused or closed the document: `unauthorized` (the token was not accepted: the
   * session may only need refreshing) or `forbidden` (no access, no such item, too many
   * connections).
   */
  denied(reason: DeniedReason): void;
}

export type DeniedReason = 'unauthorized' | 'forbidden';

export interface CollabTransport {
  awareness: Awareness | null;
  /** Closes the connection and keeps it closed until `connect` (the browser went offline). */
  disconnect(): void;
  /** Connects again after `disconnect` (the browser is back online). */
  connect(): void;
  /** A new connection, which authenticates again with the token `freshAccessToken` gives now. */
  reconnect(): void;
  destroy(): void;
}

/**
 * Joins `doc` to the server's copy of the document `name`. The socket one in the app; tests
 * pass an in-memory one (test/collab-relay.ts) that runs the same Yjs sync without a socket.
 */
export type ConnectTransport = (
  name: string,
  doc: Y.Doc,
  events: TransportEvents,
) => CollabTransport;

/**
 * Close codes after which the provider must not come back as it is: Hocuspocus's Unauthorized,
 * and Forbidden (access ended, the item trashed or unknown). The provider would reconnect after
 * any close and then be refused at authentication, which is reported too.
 */
const DENIED_CLOSE_CODES = new Map<number, DeniedReason>([
  [4401, 'unauthorized'],
  [4403, 'forbidden'],
  [4404, 'forbidden'],
]);

export function collabUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/collab`;
}

interface AwarenessChanges {
  added: number[];
  updated: number[];
  removed: number[];
}

/** A hidden tab draws no frames: its sends go after this long instead. */
const SEND_FALLBACK_MS = 100;

/**
 * Hocuspocus's provider, sending my own edits and cursor moves after the frame that shows them
 * instead of inside the keystroke (docs/decisions/266): the keystroke's task ends sooner, so its
 * frame comes sooner. What a frame gathered goes as one update (Yjs merges them) and one
 * awareness message. The server's copy gets it one frame (about 16 ms) later; leaving the
 * document (the provider destroyed, the page hidden) sends at once, and a change not sent yet
 * counts as unsaved.
 */
export class FrameBatchedProvider extends HocuspocusProvider {
  // Declared, not initialised: a field initialiser runs after the provider's constructor and
  // would drop what its handlers gathered during it; they create these on first use instead.
  declare private pendingUpdates: Uint8Array[] | undefined;
  declare private pendingClients: Set<number> | undefined;
  declare private flushScheduled: boolean | undefined;

  // The provider's own handlers: the constructor binds them, so these overrides are the ones
  // subscribed to the document and the awareness.
  override documentUpdateHandler(update: Uint8Array, origin: unknown): void {
    // The server's updates, applied by the provider itself, are not sent back.
    if (origin === this) return;
    (this.pendingUpdates ??= []).push(update);
    this.scheduleFlush();
  }

  override awarenessUpdateHandler(changes: AwarenessChanges): void {
    const clients = (this.pendingClients ??= new Set());
    for (const client of [...changes.added, ...changes.updated, ...changes.removed]) {
      clients.add(client);
    }
    // My own state removed: I am leaving, and the others should know now.
    if (changes.removed.includes(this.document.clientID)) this.flush();
    else this.scheduleFlush();
  }

  override get hasUnsyncedChanges(): boolean {
    return super.hasUnsyncedChanges || (this.pendingUpdates?.length ?? 0) > 0;
  }

  override destroy(): void {
    this.flush();
    super.destroy();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    const flush = () => this.flush();
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(() => setTimeout(flush, 0));
    }
    setTimeout(flush, SEND_FALLBACK_MS);
  }

  /** Sends what is pending (once: the frame's and the fallback's calls find nothing the second time). */
  flush(): void {
    this.flushScheduled = false;
    const updates = this.pendingUpdates ?? [];
    const clients = this.pendingClients ?? new Set<number>();
    this.pendingUpdates = [];
    this.pendingClients = new Set();
    if (updates.length > 0) {
      super.documentUpdateHandler(
        updates.length === 1 ? updates[0]! : Y.mergeUpdates(updates),
        null,
      );
    }
    if (clients.size > 0) {
      super.awarenessUpdateHandler({ added: [], updated: [...clients], removed: [] }, null);
    }
  }
}

/** The socket: Hocuspocus's provider at /api/collab, authenticated by a fresh access token. */
export const hocuspocusTransport: ConnectTransport = (name, doc, events) => {
  // A refused socket stays open (Hocuspocus takes one authentication per document and socket):
  // a new authentication needs a new socket, opened once the old one has closed.
  let reopen = false;
  const provider: FrameBatchedProvider = new FrameBatchedProvider({
    url: collabUrl(),
    name,
    document: doc,
    token: freshAccessToken,
    onStatus: ({ status }) => {
      events.connected(status === 'connected');
      if (status === 'disconnected' && reopen) {
        reopen = false;
        void provider.connect();
      }
    },
    onSynced: ({ state }) => {
      if (state) events.synced();
    },
    onUnsyncedChanges: () => events.unsynced(provider.hasUnsyncedChanges),
    onAuthenticationFailed: ({ reason }) =>
      events.denied(reason === 'unauthorized' ? 'unauthorized' : 'forbidden'),
    onClose: ({ event }) => {
      const reason = DENIED_CLOSE_CODES.get(event.code);
      if (reason) events.denied(reason);
    },
  });
  return {
    awareness: provider.awareness,
    disconnect: () => provider.disconnect(),
    connect: () => void provider.connect(),
    reconnect: () => {
      if (provider.configuration.websocketProvider.status === 'disconnected') {
        void provider.connect();
        return;
      }
      reopen = true;
      provider.disconnect();
    },
    destroy: () => provider.destroy(),
  };
};

/**
 * How documents reach the server: the socket in the app; tests put an in-memory relay here
 * (test/collab-relay.ts), so the editor runs on real Yjs documents without a socket.
 */
export const CollabTransportContext = createContext<ConnectTransport>(hocuspocusTransport);

export function useCollabTransport(): ConnectTransport {
  return useContext(CollabTransportContext);
}
