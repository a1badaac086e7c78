import type { Duplex } from 'node:stream';
import * as decoding from 'lib0/decoding';
import type { WebSocket } from 'ws';
import { CLOSE, contentIdOf, remoteUserOf } from './documents';

/*
 * The collaboration socket's wire rules (docs/api.md, "Writing together"): what a client may
 * send, read from each message's first bytes before Hocuspocus reads it.
 */

/** Largest presence (awareness) message: a name, a colour and a cursor are a few hundred bytes. */
const AWARENESS_MAX_BYTES = 32 * 1024;
/** Messages a socket may send for documents it has not opened (yet) before it is closed. */
const UNOPENED_MESSAGES_MAX = 64;
/** Documents one socket may ask for. */
const DOCUMENTS_PER_SOCKET = 100;

/** Hocuspocus message types and y-protocols sync steps (their wire numbers). */
const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const MESSAGE_QUERY_AWARENESS = 3;
/** Server to client only; Hocuspocus would apply one from a client like a sync message. */
const MESSAGE_SYNC_REPLY = 4;
const MESSAGE_CLOSE = 7;
/**
 * What a client may send: what the provider sends. Never a sync reply, a stateless message or a
 * broadcast to every editor of the document (a viewer's too; nothing in the product uses them),
 * a sync status, or a type Hocuspocus does not know.
 */
const CLIENT_MESSAGES: ReadonlySet<number> = new Set([
  MESSAGE_SYNC,
  MESSAGE_AWARENESS,
  MESSAGE_AUTH,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_CLOSE,
]);
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/**
 * Rules of the socket itself, checked before Hocuspocus reads a message: a name that is no
 * item's document, too many documents, too many messages for documents not opened, or an
 * oversized presence message close it (docs/api.md, "Writing together").
 */
export function watchSocket(
  ws: WebSocket,
  /** Whether the socket has the document open (authenticated). */
  isOpen: (ws: WebSocket, name: string) => boolean,
): void {
  const names = new Set<string>();
  let unopened = 0;
  ws.on('error', () => ws.terminate());
  // Hocuspocus emits the messages it queued before authentication again, without `isBinary`.
  ws.prependListener('message', (data: Buffer, isBinary: boolean | undefined) => {
    const refuse = (code: number, reason: string) => {
      ws.close(code, reason);
      ws.terminate();
    };
    if (isBinary === false) return refuse(1003, 'binary messages only');
    let name: string;
    let type: number;
    try {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      name = decoding.readVarString(decoder);
      type = decoding.readVarUint(decoder);
    } catch {
      return refuse(4400, 'malformed message');
    }
    if (contentIdOf(name) === null && remoteUserOf(name) === null) {
      return refuse(4400, 'unknown document name');
    }
    if (!CLIENT_MESSAGES.has(type)) return refuse(4400, 'unknown message type');
    if (!names.has(name)) {
      if (names.size >= DOCUMENTS_PER_SOCKET) return refuse(4429, 'too many documents');
      names.add(name);
    }
    if (type === MESSAGE_AWARENESS && data.byteLength > AWARENESS_MAX_BYTES) {
      return refuse(4413, 'presence message too large');
    }
    if (type !== MESSAGE_AUTH && !isOpen(ws, name) && ++unopened > UNOPENED_MESSAGES_MAX) {
      return refuse(4429, 'too many messages before authentication');
    }
  });
}

/**
 * The Yjs update a Hocuspocus sync message (or sync reply) carries (step 2 or update), or null
 * for any other. Throws CLOSE.malformed for one cut short: lib0 would read on past the frame's
 * end into whatever else the buffer under it holds.
 */
export function syncUpdateOf(data: Uint8Array): Uint8Array | null {
  let length: number;
  const decoder = decoding.createDecoder(data);
  try {
    decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    if (type !== MESSAGE_SYNC && type !== MESSAGE_SYNC_REPLY) return null;
    const step = decoding.readVarUint(decoder);
    if (step !== SYNC_STEP_2 && step !== SYNC_UPDATE) return null;
    length = decoding.readVarUint(decoder);
  } catch {
    throw CLOSE.malformed;
  }
  if (length > data.byteLength - decoder.pos) throw CLOSE.malformed;
  return data.subarray(decoder.pos, decoder.pos + length);
}

export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
