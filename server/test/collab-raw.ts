import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { until } from './collab-support';

/**
 * A raw client of the collaboration socket (docs/api.md, "Writing together") for hostile tests:
 * any frame, byte for byte, and every answer and the close code recorded. Hocuspocus messages are
 * a varString document name, a varUint type (0 sync, 1 awareness, 2 auth, …), then the payload.
 */

export const MESSAGE = { sync: 0, awareness: 1, auth: 2, syncReply: 4, close: 7, status: 8 };
export const SYNC = { step1: 0, step2: 1, update: 2 };

/** A message to the server: the document's name, the type, then whatever `write` adds. */
export function frame(name: string, type: number, write?: (e: encoding.Encoder) => void) {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, name);
  encoding.writeVarUint(encoder, type);
  write?.(encoder);
  return encoding.toUint8Array(encoder);
}

export const authFrame = (name: string, token: string) =>
  frame(name, MESSAGE.auth, (e) => {
    encoding.writeVarUint(e, 0);
    encoding.writeVarString(e, token);
  });

export const syncFrame = (name: string, step: number, payload: Uint8Array, type = MESSAGE.sync) =>
  frame(name, type, (e) => {
    encoding.writeVarUint(e, step);
    encoding.writeVarUint8Array(e, payload);
  });

/** One message from the server, its name and type read. */
export interface Incoming {
  name: string;
  type: number;
  /** What follows the type. */
  rest: decoding.Decoder;
}

export interface Closed {
  code: number;
  reason: string;
}

export class RawSocket {
  readonly ws: WebSocket;
  readonly received: Incoming[] = [];
  readonly open: Promise<void>;
  closed: Closed | undefined;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('error', () => undefined);
    this.ws.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      const name = decoding.readVarString(decoder);
      this.received.push({ name, type: decoding.readVarUint(decoder), rest: decoder });
    });
    this.ws.on('close', (code: number, reason: Buffer) => {
      this.closed = { code, reason: reason.toString() };
    });
    this.open = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('close', () => reject(new Error('closed before it opened')));
    });
    void this.open.catch(() => undefined);
  }

  send(data: Uint8Array | string, options: { binary?: boolean } = {}): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data, options);
  }

  /** The first message (not yet taken) that `accept` accepts, waiting up to `ms`. */
  async take(accept: (m: Incoming) => boolean, what: string, ms = 5000): Promise<Incoming> {
    let found: Incoming | undefined;
    await until(
      () => {
        const index = this.received.findIndex(accept);
        if (index >= 0) [found] = this.received.splice(index, 1);
        return found !== undefined || this.closed !== undefined;
      },
      what,
      ms,
    );
    if (!found) throw new Error(`closed (${JSON.stringify(this.closed)}) waiting for ${what}`);
    return found;
  }

  /** How the server closed the socket, waiting up to `ms`. */
  async closing(ms = 5000): Promise<Closed> {
    await until(() => this.closed !== undefined, 'the socket to close', ms);
    return this.closed!;
  }

  /**
   * Authenticates for `name`: the scope the server grants (`read-write`, `readonly`) or the
   * reason it refuses (`denied: …`).
   */
  async authenticate(name: string, token: string): Promise<string> {
    this.send(authFrame(name, token));
    const answer = await this.take((m) => m.name === name && m.type === MESSAGE.auth, 'auth');
    const kind = decoding.readVarUint(answer.rest);
    const text = decoding.readVarString(answer.rest);
    return kind === 2 ? text : `denied: ${text}`;
  }

  terminate(): void {
    this.ws.terminate();
  }
}

/** An authenticated raw writer of one document, holding its own copy of it. */
export class RawEditor {
  readonly doc = new Y.Doc();
  constructor(
    readonly socket: RawSocket,
    readonly name: string,
  ) {}

  static async open(url: string, name: string, token: string): Promise<RawEditor> {
    const socket = new RawSocket(url);
    await socket.open;
    const scope = await socket.authenticate(name, token);
    if (scope !== 'read-write' && scope !== 'readonly') throw new Error(scope);
    const editor = new RawEditor(socket, name);
    socket.send(syncFrame(name, SYNC.step1, Y.encodeStateVector(editor.doc)));
    const step2 = await socket.take(
      (m) => m.name === name && m.type === MESSAGE.sync && m.rest.arr[m.rest.pos] === SYNC.step2,
      'the document (sync step 2)',
    );
    decoding.readVarUint(step2.rest);
    Y.applyUpdate(editor.doc, decoding.readVarUint8Array(step2.rest));
    return editor;
  }

  get text(): Y.Text {
    return this.doc.getText('content');
  }

  /** What `change` does to the copy, as one update. */
  updateOf(change: (doc: Y.Doc) => void): Uint8Array {
    let update: Uint8Array | undefined;
    const keep = (made: Uint8Array) => (update = made);
    this.doc.on('update', keep);
    try {
      this.doc.transact(() => change(this.doc));
    } finally {
      this.doc.off('update', keep);
    }
    if (!update) throw new Error('the change made no update');
    return update;
  }

  /** Sends an update; answers the server's sync status (true: stored and applied). */
  async push(update: Uint8Array, type = MESSAGE.sync): Promise<boolean> {
    this.socket.send(syncFrame(this.name, SYNC.update, update, type));
    const status = await this.socket.take(
      (m) => m.name === this.name && m.type === MESSAGE.status,
      'the sync status',
    );
    return decoding.readVarUint(status.rest) === 1;
  }
}
