// Clients of live co-editing for the collab bench: Hocuspocus's own provider over `ws`, as the
// web app uses it in the browser (docs/api.md, "Writing together").
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { pathOf } from '@cw/contract/routes';
import { call, expectStatus } from './api';

export interface Editor {
  doc: Y.Doc;
  text: Y.Text;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  synced: Promise<void>;
  destroy(): void;
}

/**
 * `ws` as a browser's WebSocket behaves: an error is an event, never a throw (the provider
 * closes a still-connecting socket after removing its listeners; `ws` would then throw).
 */
class QuietWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => undefined);
  }
}

export const collabUrl = (baseUrl: string): string =>
  `${baseUrl.replace(/^http/, 'ws')}${pathOf('collab.socket')}`;

/** Opens item `contentId`'s document, or the document named `name` (a teleprompter remote). */
export function openEditor(baseUrl: string, contentId: number | string, token: string): Editor {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: collabUrl(baseUrl),
    WebSocketPolyfill: QuietWebSocket,
    delay: 50,
    minDelay: 50,
    maxDelay: 500,
  });
  let done: { resolve(): void; reject(error: Error): void } | undefined;
  const synced = new Promise<void>((resolve, reject) => {
    done = { resolve, reject };
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: typeof contentId === 'number' ? `content:${contentId}` : contentId,
    document: doc,
    token,
    onSynced: () => done?.resolve(),
    onAuthenticationFailed: ({ reason }) => done?.reject(new Error(`refused: ${reason}`)),
  });
  provider.attach();
  return {
    doc,
    text: doc.getText('content'),
    provider,
    socket,
    synced,
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Waits until `condition` holds (every 20 ms), up to `ms`; throws naming `what` past it. */
export async function until(condition: () => boolean, what: string, ms = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens in batches of `width` (a few hundred handshakes at once would time out on 2 cores). */
export async function openAll<T>(
  count: number,
  width: number,
  open: (index: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, i) => start + i);
    out.push(...(await Promise.all(batch.map(open))));
  }
  return out;
}

/** A new content item holding `content`, made through the API; its id (the document is `content:{id}`). */
export async function newItem(baseUrl: string, token: string, content: string): Promise<number> {
  const body = await expectStatus(
    call(baseUrl, 'POST', pathOf('contents.create'), {
      token,
      body: { title: 'Collab bench', content },
    }),
    201,
    'POST /api/collections/contents-list/',
  );
  return body.id as number;
}
