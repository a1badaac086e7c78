import type { AddressInfo } from 'node:net';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { expect } from 'vitest';
import type { ContentItem } from '@cw/contract';
import type { App } from '../src/app';
import type { Caller } from './library-helpers';

/**
 * Clients of live co-editing (docs/api.md, "Writing together") for tests: Hocuspocus's own
 * provider, as the web app uses it, over a real socket to a listening app.
 */

/** The collaboration socket's address of a listening app (listen first: `listen(app)`). */
export function collabUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}/api/collab`;
}

/** Starts the test app on a free loopback port: its base address. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface Client {
  doc: Y.Doc;
  text: Y.Text;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** Why the server refused or closed the document, when it did. */
  refusal: string | undefined;
  closed: boolean;
  /** Resolves once the first sync is done (rejects on a refusal). */
  synced: Promise<void>;
  /** Resolves once every local change was acknowledged (stored) by the server. */
  saved(): Promise<void>;
  destroy(): void;
}

/**
 * `ws` as a browser's WebSocket behaves: an error is an event, never a throw. The provider
 * removes its listeners before it closes a socket that is still connecting (a retry after a
 * time-out, a disconnect), and `ws` then emits an 'error' no one hears, which ends the process.
 */
export class QuietWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => undefined);
  }
}

/** Opens item `contentId`'s document, or the document named `name` (a remote channel). */
export function openDocument(url: string, contentId: number | string, token: string): Client {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url,
    WebSocketPolyfill: QuietWebSocket,
    // Tests reconnect at once, and never wait minutes between tries.
    delay: 50,
    minDelay: 50,
    maxDelay: 500,
  });
  let settle: { resolve(): void; reject(error: Error): void } | undefined;
  const synced = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const client: Client = {
    doc,
    text: doc.getText('content'),
    socket,
    refusal: undefined,
    closed: false,
    synced,
    provider: new HocuspocusProvider({
      websocketProvider: socket,
      name: typeof contentId === 'number' ? `content:${contentId}` : contentId,
      document: doc,
      token,
      onSynced: () => settle?.resolve(),
      onAuthenticationFailed: ({ reason }) => {
        client.refusal = reason;
        settle?.reject(new Error(`refused: ${reason}`));
      },
      onClose: () => {
        client.closed = true;
      },
    }),
    async saved() {
      await until(() => !client.provider.hasUnsyncedChanges, 'unacknowledged changes');
    },
    destroy() {
      client.provider.destroy();
      socket.destroy();
    },
  };
  client.provider.attach();
  void synced.catch(() => undefined);
  return client;
}

/** Waits until `condition` holds (every 10 ms), up to `ms`; throws naming `what` past it. */
export async function until(condition: () => boolean, what: string, ms = 5000): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

/** A new script of `by`'s, in `collections` (the tests' items to open live). */
export async function newItem(
  by: Pick<Caller, 'post'>,
  content = 'Hello',
  collections: number[] = [],
): Promise<ContentItem> {
  const res = await by.post('/api/collections/contents-list/', {
    title: 'Script',
    content,
    collections,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}
