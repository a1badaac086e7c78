import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { ConnectTransport, TransportEvents } from '../features/content/collab/collab-session';

const RELAY = Symbol('relay');

interface Client {
  name: string;
  doc: Y.Doc;
  awareness: Awareness;
  events: TransportEvents;
  online: boolean;
  readOnly: boolean;
}

/**
 * The server's side of co-editing in memory, for component tests: one Y.Doc per document
 * name, and every connected client's updates and presence passed to the others, as Hocuspocus
 * does over the socket. Real Yjs runs everywhere; only the socket is left out.
 */
export class CollabRelay {
  readonly docs = new Map<string, Y.Doc>();
  readonly clients = new Set<Client>();
  /** Document names a connection to which is refused (access ended). */
  readonly denied = new Set<string>();
  /** Clients connected from now on are viewers: their updates are dropped. */
  readOnly = false;

  doc(name: string): Y.Doc {
    let doc = this.docs.get(name);
    if (!doc) {
      doc = new Y.Doc();
      doc.on('update', (update: Uint8Array, origin: unknown) => {
        for (const client of this.clients) {
          if (client.name === name && client.online && origin !== client) {
            Y.applyUpdate(client.doc, update, RELAY);
          }
        }
      });
      this.docs.set(name, doc);
    }
    return doc;
  }

  /** The server's text of a document (the item's `content`). */
  text(name: string): string {
    return this.doc(name).getText('content').toString();
  }

  /** Puts text in the server's copy, as the server does from an item's `content`. */
  seed(name: string, text: string): void {
    this.doc(name).getText('content').insert(0, text);
  }

  connect: ConnectTransport = (name, doc, events) => {
    const awareness = new Awareness(doc);
    const client: Client = { name, doc, awareness, events, online: true, readOnly: this.readOnly };
    this.clients.add(client);
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === RELAY || !client.online || client.readOnly) return;
      Y.applyUpdate(this.doc(name), update, client);
    });
    awareness.on(
      'update',
      (
        { added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>,
        origin: unknown,
      ) => {
        if (origin === RELAY || !client.online) return;
        const update = encodeAwarenessUpdate(awareness, [...added, ...updated, ...removed]);
        for (const other of this.clients) {
          if (other !== client && other.name === name && other.online) {
            applyAwarenessUpdate(other.awareness, update, RELAY);
          }
        }
      },
    );
    queueMicrotask(() => this.join(client));
    return {
      awareness,
      destroy: () => {
        this.clients.delete(client);
        awareness.destroy();
      },
    };
  };

  /** Every client of this test goes offline (true) or comes back (false). */
  setOffline(offline: boolean, name?: string): void {
    for (const client of this.clients) {
      if (name !== undefined && client.name !== name) continue;
      if (offline) {
        client.online = false;
        client.events.connected(false);
      } else if (!client.online) {
        this.join(client);
      }
    }
  }

  /** The server closes the document for everyone in it (access ended). */
  deny(name: string): void {
    this.denied.add(name);
    for (const client of [...this.clients]) if (client.name === name) client.events.denied();
  }

  private join(client: Client) {
    if (!this.clients.has(client)) return;
    if (this.denied.has(client.name)) {
      client.events.denied();
      return;
    }
    client.online = true;
    client.events.connected(true);
    const server = this.doc(client.name);
    if (!client.readOnly) Y.applyUpdate(server, Y.encodeStateAsUpdate(client.doc), client);
    Y.applyUpdate(client.doc, Y.encodeStateAsUpdate(server), RELAY);
    for (const other of this.clients) {
      if (other === client || other.name !== client.name || !other.online) continue;
      applyAwarenessUpdate(
        client.awareness,
        encodeAwarenessUpdate(other.awareness, [...other.awareness.getStates().keys()]),
        RELAY,
      );
      applyAwarenessUpdate(
        other.awareness,
        encodeAwarenessUpdate(client.awareness, [...client.awareness.getStates().keys()]),
        RELAY,
      );
    }
    client.events.synced();
    client.events.unsynced(false);
  }
}
