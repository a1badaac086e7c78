import { HocuspocusProvider } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { freshAccessToken } from '../../../lib/api-client';

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
  denied(): void;
}

export interface CollabTransport {
  awareness: Awareness | null;
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
 * Close codes after which the provider must not come back: Hocuspocus's Unauthorized and
 * Forbidden (access ended, the item trashed or unknown). The provider would reconnect after any
 * close and then be refused at authentication, which is reported too.
 */
const DENIED_CLOSE_CODES = new Set([4401, 4403, 4404]);

export function collabUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/collab`;
}

/** The socket: Hocuspocus's provider at /api/collab, authenticated by a fresh access token. */
export const hocuspocusTransport: ConnectTransport = (name, doc, events) => {
  const provider: HocuspocusProvider = new HocuspocusProvider({
    url: collabUrl(),
    name,
    document: doc,
    token: freshAccessToken,
    onStatus: ({ status }) => events.connected(status === 'connected'),
    onSynced: ({ state }) => {
      if (state) events.synced();
    },
    onUnsyncedChanges: () => events.unsynced(provider.hasUnsyncedChanges),
    onAuthenticationFailed: () => events.denied(),
    onClose: ({ event }) => {
      if (DENIED_CLOSE_CODES.has(event.code)) events.denied();
    },
  });
  return { awareness: provider.awareness, destroy: () => provider.destroy() };
};

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
  private readonly loaded: Promise<void>;
  private syncedWaiters: (() => void)[] = [];

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
      denied: () => this.deny(),
    });
    this.transport = transport;
    this.awareness = transport.awareness;
    if (this.awareness && this.options.presence) {
      this.awareness.setLocalStateField('user', this.options.presence);
    }
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.onBrowserOnline);
      window.addEventListener('online', this.onBrowserOnline);
    }
  }

  private onBrowserOnline = () => this.update();

  private stopListening() {
    if (typeof window === 'undefined') return;
    window.removeEventListener('offline', this.onBrowserOnline);
    window.removeEventListener('online', this.onBrowserOnline);
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
    const online = typeof navigator === 'undefined' || navigator.onLine;
    let sync: SyncState;
    // A first connection on its way is not "offline"; a lost one, or no network, is.
    if (!this.connected && (this.disconnectedOnce || !online)) sync = 'offline';
    else if (!this.connected || this.unsynced || !this.state.synced) sync = 'saving';
    else sync = 'saved';
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
const PALETTE: [string, string][] = [
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
  const [color, colorLight] = PALETTE[Math.abs(Math.trunc(userId)) % PALETTE.length]!;
  return { color, colorLight };
}
