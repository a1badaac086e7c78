import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { DEVICE_WRITE_DELAY_MS, DeviceCopy } from './device-copy';

/** What a fresh load of the stored copy holds. */
async function storedText(name: string): Promise<string> {
  const doc = new Y.Doc();
  const reader = new IndexeddbPersistence(name, doc);
  await reader.whenSynced;
  const text = doc.getText('content').toString();
  await reader.destroy();
  return text;
}

/** How many updates y-indexeddb holds for `name`. */
function storedUpdates(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction('updates').objectStore('updates').count();
      count.onsuccess = () => {
        open.result.close();
        resolve(count.result);
      };
    };
  });
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let n = 0;
const fresh = () => `device-copy-test-${++n}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('DeviceCopy', () => {
  it('writes the first key at once and the keystrokes after it as one update, off the keystrokes', async () => {
    const name = fresh();
    const doc = new Y.Doc();
    const copy = new DeviceCopy(name, doc);
    await copy.whenLoaded;
    const before = await storedUpdates(name);
    for (const key of 'Hello') doc.getText('content').insert(doc.getText('content').length, key);
    await later(20);
    expect(await storedUpdates(name)).toBe(before + 1);
    await later(DEVICE_WRITE_DELAY_MS + 100);
    expect(await storedUpdates(name)).toBe(before + 2);
    // Quiet again: the next key is written at once.
    await later(DEVICE_WRITE_DELAY_MS + 100);
    doc.getText('content').insert(5, '!');
    await later(20);
    expect(await storedUpdates(name)).toBe(before + 3);
    // (Reading the copy back stores its state once more: counted before it.)
    expect(await storedText(name)).toBe('Hello!');
    await copy.destroy();
  });

  it('writes the server’s copy at once as it arrives, so a page left right after keeps it', async () => {
    const name = fresh();
    const server = new Y.Doc();
    server.getText('content').insert(0, 'Opening line.');
    const doc = new Y.Doc();
    const copy = new DeviceCopy(name, doc);
    await copy.whenLoaded;
    const provider = {};
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(server), provider);
    // No pagehide, no timer: an unloading page may abort a write it starts as it goes.
    await later(20);
    expect(await storedText(name)).toBe('Opening line.');
    await copy.destroy();
  });

  it('writes what is waiting when the page is hidden, left, or the document closed', async () => {
    const name = fresh();
    const doc = new Y.Doc();
    const copy = new DeviceCopy(name, doc);
    await copy.whenLoaded;
    doc.getText('content').insert(0, 'one');
    doc.getText('content').insert(3, ' and');
    window.dispatchEvent(new Event('pagehide'));
    await later(20);
    expect(await storedText(name)).toBe('one and');
    doc.getText('content').delete(3, 4);
    doc.getText('content').insert(3, ' two');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await later(20);
    expect(await storedText(name)).toBe('one two');
    doc.getText('content').insert(7, ' three');
    await copy.destroy();
    expect(await storedText(name)).toBe('one two three');
  });

  it('brings back what was kept, and clearing forgets it with what is waiting', async () => {
    const name = fresh();
    const first = new Y.Doc();
    const copy = new DeviceCopy(name, first);
    await copy.whenLoaded;
    first.getText('content').insert(0, 'kept');
    await copy.destroy();
    const again = new Y.Doc();
    const reopened = new DeviceCopy(name, again);
    await reopened.whenLoaded;
    expect(again.getText('content').toString()).toBe('kept');
    again.getText('content').insert(4, ' and more');
    await reopened.clear();
    await later(DEVICE_WRITE_DELAY_MS + 100);
    expect(await storedText(name)).toBe('');
  });
});
