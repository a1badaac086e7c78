import { HocuspocusProvider } from '@hocuspocus/provider';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
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

/** The socket: Hocuspocus's provider at /api/collab, authenticated by a fresh access token. */
export const hocuspocusTransport: ConnectTransport = (name, doc, events) => {
  // A refused socket stays open (Hocuspocus takes one authentication per document and socket):
  // a new authentication needs a new socket, opened once the old one has closed.
  let reopen = false;
  const provider: HocuspocusProvider = new HocuspocusProvider({
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
