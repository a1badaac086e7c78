import type { Readable } from 'node:stream';
import { AppError } from '../../http/errors';
import { malformedMultipart } from '../../http/multipart';

/* The parts of a multipart upload: a file's (files/) and an import's archive (import-export/). */

/** One part of a multipart upload, as @fastify/multipart hands it over. */
export type UploadPart =
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      mimetype: string;
      file: Readable & { truncated?: boolean };
    }
  | { type: 'field'; fieldname: string; value: unknown };

/**
 * What the multipart parser raises while reading the request (a truncated or malformed body, a
 * limit) is the client's doing: its own limit errors keep their 4xx status, the rest is a 400.
 */
export function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return malformedMultipart();
}

/** The parts of an upload; a failure of the parser itself becomes asClientError's answer. */
export async function* clientParts(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<UploadPart>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw asClientError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}
