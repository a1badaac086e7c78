import { HocuspocusProvider } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { expireSession, freshAccessToken, refreshSession } from '../../../lib/api-client';

/**
 * One content item's shared document in this browser (docs/decisions/196, 197): the Y.Doc
 * whose Y.Text `content` is the item's markdown, kept on this device in IndexedDB and joined
 * to the server's copy over the co-editing socket. The editor binds to `text`; React reads the
 * state through `subscribe`/`getState` (useSyncExternalStore), so typing renders nothing.
 */

/** Where the text stands, as the editor says it: Saved, Saving, Offline (kept on this device). */
export type SyncState = 'saved' | 'saving' | 'offline';

export interface CollabState {
  sync: SyncState;
  /** The server closed the document for this person (access ended): editing stops. */
  lost: boolean;
  /** The server's copy has arrived at least once. */
  synced: boolean;
}

/** Who I am to the others in the document (awareness field `user`; y-codemirror.next reads it). */
export interface PresenceUser {
  id: number;
  name: string;
  color: string;
  /** The colour of my selection in their editors (y-codemirror.next's `colorLight`). */
  colorLight: string;
}

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

/** How long every change must have been acknowledged before "Saving" turns to "Saved". */
export const SAVED_AFTER_MS = 400;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** A document's name on the server (docs/api.md, "Writing together"). */
export const documentName = (id: number) => `content:${id}`;

/**
 * IndexedDB is per origin, not per person: the stored copy is named by user too, so someone
 * signing in on the same browser never opens another account's text.
 */
export const storedName = (user: number, name: string) => `cw.${user}.${name}`;

export interface CollabSessionOptions {
  /** `content:{id}`, or a local name (`content:new`) for text not yet on the server. */
  name: string;
  user: number;
  /** The server; null keeps the document on this device only (a script not yet created). */
  connect: ConnectTransport | null;
  presence?: PresenceUser;
  /** Keep a copy in IndexedDB (absent in environments without it, e.g. jsdom). */
  persist?: boolean;
}

export class CollabSession {
  readonly doc = new Y.Doc();
  readonly text: Y.Text = this.doc.getText('content');
  /** Undoes only my own edits (y-codemirror.next's origin), never another editor's. */
  readonly undoManager = new Y.UndoManager(this.text);
  readonly name: string;
  awareness: Awareness | null = null;
  private state: CollabState;
  private readonly listeners = new Set<() => void>();
  private persistence: IndexeddbPersistence | null = null;
  private transport: CollabTransport | null = null;
  private connected = false;
  private disconnectedOnce = false;
  private unsynced = false;
  private destroyed = false;
  /** A refused token is being renewed; `renewed` is set once it was, until the next sync. */
  private renewing = false;
  private renewed = false;
  private readonly loaded: Promise<void>;
  private syncedWaiters: (() => void)[] = [];
  /** "Saved" is due once SAVED_AFTER_MS pass with nothing new left unacknowledged. */
  private savedTimer: ReturnType<typeof setTimeout> | undefined;
  private savedDue = false;
  private savedOnce = false;

  constructor(private readonly options: CollabSessionOptions) {
    this.name = options.name;
    const persist = options.persist ?? typeof indexedDB !== 'undefined';
    if (persist) {
      this.persistence = new IndexeddbPersistence(storedName(options.user, options.name), this.doc);
      this.loaded = this.persistence.whenSynced.then(
        () => undefined,
        () => undefined,
      );
    } else {
      this.loaded = Promise.resolve();
    }
    this.state = { sync: options.connect ? 'saving' : 'saved', lost: false, synced: false };
    if (options.connect) this.start(options.connect);
  }

  /** Resolves once the copy kept on this device is in the document. */
  whenLoaded(): Promise<void> {
    return this.loaded;
  }

  /** Resolves once the server's copy has arrived (never, offline or after access ended). */
  whenSynced(): Promise<void> {
    if (this.state.synced) return Promise.resolve();
    return new Promise((resolve) => this.syncedWaiters.push(resolve));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): CollabState => this.state;

  /** Forgets the copy kept on this device (a draft that became an item, or access ended). */
  async clearLocal(): Promise<void> {
    await this.persistence?.clearData();
    this.persistence = null;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopListening();
    clearTimeout(this.savedTimer);
    this.transport?.destroy();
    this.transport = null;
    void this.persistence?.destroy();
    this.undoManager.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  private start(connect: ConnectTransport) {
    const transport = connect(this.name, this.doc, {
      connected: (value) => {
        this.connected = value;
        if (!value) this.disconnectedOnce = true;
        this.update();
      },
      synced: () => {
        this.renewed = false;
        if (!this.state.synced) {
          this.set({ synced: true });
          for (const resolve of this.syncedWaiters.splice(0)) resolve();
        }
        this.update();
      },
      unsynced: (pending) => {
        this.unsynced = pending;
        this.update();
      },
      denied: (reason) => {
        if (reason === 'unauthorized') void this.renewSession();
        else this.deny();
      },
    });
    this.transport = transport;
    this.awareness = transport.awareness;
    if (this.awareness && this.options.presence) {
      this.awareness.setLocalStateField('user', this.options.presence);
    }
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.onBrowserOffline);
      window.addEventListener('online', this.onBrowserOnline);
    }
    if (!isOnline()) transport.disconnect();
  }

  /**
   * The browser says it is offline: the socket is closed at once (an open one may otherwise
   * linger, as in Chromium's offline mode), so what is typed now stays in this document and on
   * this device, and merges with the server's copy when the browser is back online.
   */
  private onBrowserOffline = () => {
    this.transport?.disconnect();
    this.update();
  };

  private onBrowserOnline = () => {
    this.transport?.connect();
    this.update();
  };

  private stopListening() {
    if (typeof window === 'undefined') return;
    window.removeEventListener('offline', this.onBrowserOffline);
    window.removeEventListener('online', this.onBrowserOnline);
  }

  /**
   * The server did not accept the token (the session ended, or the access token was revoked):
   * the session is refreshed over REST as any call's 401 is, and the socket authenticates again
   * with the new token. When the refresh fails (or the new token is refused too), the session
   * has ended: the person is sent to sign in and brought back here (as after any dead session);
   * the text typed meanwhile stays on this device and merges once they are back.
   */
  private async renewSession() {
    if (this.renewing || this.state.lost || this.destroyed) return;
    this.renewing = true;
    const retried = this.renewed;
    const renewed = !retried && (await refreshSession());
    this.renewing = false;
    if (this.state.lost || this.destroyed) return;
    if (renewed) {
      this.renewed = true;
      this.transport?.reconnect();
      return;
    }
    this.transport?.destroy();
    this.transport = null;
    this.stopListening();
    this.set({ sync: 'offline' });
    expireSession();
  }

  private deny() {
    if (this.state.lost || this.destroyed) return;
    // Stop reconnecting; the text stays on screen, read-only, until the page is left.
    this.transport?.destroy();
    this.transport = null;
    this.stopListening();
    void this.clearLocal();
    this.set({ lost: true, sync: 'offline' });
  }

  private update() {
    if (this.state.lost || this.destroyed) return;
    let sync: SyncState;
    // No network is "offline", whatever the socket says; so is a lost connection, but not a
    // first one on its way.
    if (!isOnline() || (!this.connected && this.disconnectedOnce)) sync = 'offline';
    else if (!this.connected || this.unsynced || !this.state.synced) sync = 'saving';
    else sync = 'saved';
    if (sync === 'saved' && this.state.sync === 'saving' && this.savedOnce && !this.savedDue) {
      // Typing: each keystroke is unsaved for the few milliseconds until the server acknowledges
      // it. The status stays "Saving" until the acknowledgements have kept up for SAVED_AFTER_MS,
      // so it changes twice per burst of typing, not twice per key (each change is a render, and
      // an announcement of the status region to a screen reader).
      this.savedTimer ??= setTimeout(() => {
        this.savedTimer = undefined;
        this.savedDue = true;
        this.update();
        this.savedDue = false;
      }, SAVED_AFTER_MS);
      return;
    }
    clearTimeout(this.savedTimer);
    this.savedTimer = undefined;
    if (sync === 'saved') this.savedOnce = true;
    if (sync !== this.state.sync) this.set({ sync });
  }

  private set(next: Partial<CollabState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }
}

/**
 * Presence colours, dark enough for a name label in white text on a light page (WCAG AA
 * against white, ≥ 4.5:1), each with a light tint for the selection it marks.
 */
export const PRESENCE_PALETTE: readonly (readonly [string, string])[] = [
  ['#b91c1c', '#fecaca'],
  ['#c2410c', '#fed7aa'],
  ['#a16207', '#fef08a'],
  ['#15803d', '#bbf7d0'],
  ['#0f766e', '#99f6e4'],
  ['#0369a1', '#bae6fd'],
  ['#4338ca', '#c7d2fe'],
  ['#7e22ce', '#e9d5ff'],
  ['#be185d', '#fbcfe8'],
  ['#334155', '#cbd5e1'],
];

/** The same colour for the same person in every editor and every session. */
export function presenceColor(userId: number): { color: string; colorLight: string } {
  const [color, colorLight] =
    PRESENCE_PALETTE[Math.abs(Math.trunc(userId)) % PRESENCE_PALETTE.length]!;
  return { color, colorLight };
}
