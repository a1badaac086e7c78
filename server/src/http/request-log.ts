import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, at debug, when it has been answered (Fastify's own are two, at
 * info). The path only: query strings may carry what a log must not keep.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    request.log.debug(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
