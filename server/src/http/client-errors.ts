import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { errorBody, sendError } from './errors';

/*
 * Failures that happen before a request reaches a route, each answered in the shape of docs/api.md, "Errors":
 *
 * - Node's HTTP parser (Fastify's `clientErrorHandler`, a raw socket): 431 when the request line
 *   and headers pass Node's 16 KiB `maxHeaderSize` (a URL longer than that is a 431 too), 408 when
 *   the request takes longer than `requestTimeout`, 400 for anything unparseable.
 * - The router (Fastify's `frameworkErrors`): 414 when a path parameter is longer than
 *   `maxParamLength` (find-my-way), 400 for a path that is not valid percent-encoding.
 * - 413 (a body over its route's limit) comes from Fastify's body reader and goes through the
 *   error handler in errors.ts like every other failure.
 */

function parserFailure(code: string | undefined): {
  status: number;
  code: string;
  message: string;
} {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      code: 'headers_too_large',
      message: 'The request line and headers are larger than the server accepts.',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'request_timeout', message: 'The request took too long.' };
  }
  return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP.' };
}

/** Fastify's `clientErrorHandler`: Node could not parse the request, so no route runs. */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const failure = parserFailure(error.code);
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(failure.message, failure.code));
    socket.write(
      `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status] ?? 'Error'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's `frameworkErrors`: the router refused the URL before any route matched. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void => {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 414, 'uri_too_long', 'A part of the address is too long.');
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(reply, 400, 'bad_url', 'The address is not valid percent-encoding.');
  } else {
    void sendError(reply, 500, 'internal', 'Internal server error');
  }
};
