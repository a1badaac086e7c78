import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type {
  ConnectTransport,
  DeniedReason,
  TransportEvents,
} from '../features/content/collab/collab-session';

const RELAY = Symbol('relay');

interface Client {
  name: string;
  doc: Y.Doc;
  awareness: Awareness;
  events: TransportEvents;
  online: boolean;
  /** Closed by the client itself (the browser offline) until it connects again. */
  closedByClient: boolean;
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
  /** Document names a connection to which is refused, and why (access ended, a dead token). */
  readonly denied = new Map<string, DeniedReason>();
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
    const client: Client = {
      name,
      doc,
      awareness,
      events,
      online: true,
      closedByClient: false,
      readOnly: this.readOnly,
    };
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
      disconnect: () => {
        client.closedByClient = true;
        this.leave(client);
      },
      connect: () => {
        client.closedByClient = false;
        if (!client.online) this.join(client);
      },
      reconnect: () => {
        this.leave(client);
        queueMicrotask(() => this.join(client));
      },
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
        this.leave(client);
      } else if (!client.online) {
        this.join(client);
      }
    }
  }

  /**
   * The server closes the document for everyone in it (`forbidden`: access ended), or refuses
   * their token (`unauthorized`) from now on, until `allow`.
   */
  deny(name: string, reason: DeniedReason = 'forbidden'): void {
    this.denied.set(name, reason);
    for (const client of [...this.clients]) {
      if (client.name === name) {
        this.leave(client);
        client.events.denied(reason);
      }
    }
  }

  /** Connections to `name` are accepted again. */
  allow(name: string): void {
    this.denied.delete(name);
  }

  private leave(client: Client) {
    if (!client.online) return;
    client.online = false;
    client.events.connected(false);
  }

  private join(client: Client) {
    if (!this.clients.has(client) || client.closedByClient) return;
    const refused = this.denied.get(client.name);
    if (refused) {
      client.events.denied(refused);
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
