import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';

/** How long a change waits, at most, before it is written to the copy on this device. */
export const DEVICE_WRITE_DELAY_MS = 250;

/**
 * The copy of a shared document kept on this device (y-indexeddb, decision 197), written in
 * batches (decision 254): y-indexeddb opens an IndexedDB transaction for every update, one per
 * keystroke, on the keystroke's own task. Here the first change after a quiet moment is written at
 * once (the server's copy arriving as the page opens, the first key of a burst), and the changes
 * that follow within DEVICE_WRITE_DELAY_MS are merged into one update and written together, off
 * the keystrokes; and at once when the page is hidden or left, or the document closed. A page
 * that unloads may abort a write started as it goes, so what waits is never more than the last
 * DEVICE_WRITE_DELAY_MS of a burst.
 */
export class DeviceCopy {
  private readonly persistence: IndexeddbPersistence;
  private pending: Uint8Array[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    name: string,
    private readonly doc: Y.Doc,
  ) {
    this.persistence = new IndexeddbPersistence(name, doc);
    doc.off('update', this.persistence._storeUpdate);
    doc.on('update', this.queue);
    window.addEventListener('pagehide', this.flush);
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Resolves once the copy on this device is in the document. */
  get whenLoaded(): Promise<unknown> {
    return this.persistence.whenSynced;
  }

  /** Writes what is waiting now. */
  flush = () => {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.write();
  };

  /** The end of a moment: what came in it is written, and the next moment begins if it did. */
  private tick = () => {
    this.timer = undefined;
    if (this.write()) this.timer = setTimeout(this.tick, DEVICE_WRITE_DELAY_MS);
  };

  private write(): boolean {
    if (this.pending.length === 0) return false;
    const update = this.pending.length === 1 ? this.pending[0]! : Y.mergeUpdates(this.pending);
    this.pending = [];
    // Before the database is open nothing is lost: it stores the whole document when it opens.
    this.persistence._storeUpdate(update, null);
    return true;
  }

  /** Writes what is waiting, then lets the database go. */
  async destroy(): Promise<void> {
    this.flush();
    this.stop();
    await this.persistence.destroy();
  }

  /** Forgets the copy: what is waiting is dropped with it. */
  async clear(): Promise<void> {
    this.pending = [];
    this.stop();
    await this.persistence.clearData();
  }

  private queue = (update: Uint8Array, origin: unknown) => {
    // What the device's copy itself brought in is there already.
    if (origin === this.persistence || this.closed) return;
    this.pending.push(update);
    if (this.timer !== undefined) return;
    // A quiet moment ends: written at once, and what follows waits for the moment's end.
    this.write();
    this.timer = setTimeout(this.tick, DEVICE_WRITE_DELAY_MS);
  };

  private onVisibility = () => {
    if (document.visibilityState === 'hidden') this.flush();
  };

  private stop() {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.doc.off('update', this.queue);
    window.removeEventListener('pagehide', this.flush);
    document.removeEventListener('visibilitychange', this.onVisibility);
  }
}
