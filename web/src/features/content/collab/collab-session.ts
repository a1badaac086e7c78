import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { expireSession, refreshSession } from '../../../lib/api-client';
import type { CollabTransport, ConnectTransport } from '../../../lib/collab-transport';
import {
  storedName,
  type CollabSessionOptions,
  type CollabState,
  type SyncState,
} from './collab-state';
import { DeviceCopy } from './device-copy';

export {
  collabUrl,
  hocuspocusTransport,
  type CollabTransport,
  type ConnectTransport,
  type DeniedReason,
  type TransportEvents,
} from '../../../lib/collab-transport';
export { PRESENCE_PALETTE, presenceColor, type PresenceUser } from './presence';

export {
  documentName,
  storedName,
  type CollabSessionOptions,
  type CollabState,
  type SyncState,
} from './collab-state';

/** How long every change must have been acknowledged before "Saving" turns to "Saved". */
export const SAVED_AFTER_MS = 400;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * One content item's shared document in this browser (docs/decisions/196, 197): the Y.Doc
 * whose Y.Text `content` is the item's markdown, kept on this device in IndexedDB and joined
 * to the server's copy over the co-editing socket. The editor binds to `text`; React reads the
 * state through `subscribe`/`getState` (useSyncExternalStore), so typing renders nothing.
 */
export class CollabSession {
  readonly doc = new Y.Doc();
  readonly text: Y.Text = this.doc.getText('content');
  /** Undoes only my own edits (y-codemirror.next's origin), never another editor's. */
  readonly undoManager = new Y.UndoManager(this.text);
  readonly name: string;
  awareness: Awareness | null = null;
  private state: CollabState;
  private readonly listeners = new Set<() => void>();
  private deviceCopy: DeviceCopy | null = null;
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
      this.deviceCopy = new DeviceCopy(storedName(options.user, options.name), this.doc);
      this.loaded = this.deviceCopy.whenLoaded.then(
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
    const copy = this.deviceCopy;
    this.deviceCopy = null;
    await copy?.clear();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.stopListening();
    clearTimeout(this.savedTimer);
    this.transport?.destroy();
    this.transport = null;
    void this.deviceCopy?.destroy();
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
