import type { FastifyReply } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { FileStorage } from '../storage/file-storage';
import { AppError, errorBody, sendErrorBody, sendRouteNotFound, unauthorized } from './errors';
import type { Metrics } from './metrics';
import type { RouteHandlers } from './route-table';

export interface SystemDeps {
  database: DatabaseHandle;
  fileStorage: FileStorage;
  /** GET /api/metrics; none without METRICS_TOKEN (the route then answers 404). */
  metrics: Metrics | undefined;
  /** The OpenAPI document of every route. */
  openapi: () => unknown;
}

const unavailable = (reply: FastifyReply, message: string) =>
  sendErrorBody(reply, 503, { status: 'unavailable', ...errorBody(message, 'unavailable') });

/** The instance's own routes: health, readiness, metrics, the OpenAPI document, the socket's. */
export const systemRoutes = (
  deps: SystemDeps,
): RouteHandlers<
  'system.health' | 'system.ready' | 'system.metrics' | 'system.openapi' | 'collab.socket'
> => ({
  'system.health': async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ok' as const };
    } catch {
      return unavailable(reply, 'The database is not answering.');
    }
  },
  // For a load balancer's health check: may this instance be sent requests (docs/operations.md)?
  'system.ready': async (request, reply) => {
    try {
      await deps.database.ping();
    } catch {
      return unavailable(reply, 'The database is not answering.');
    }
    try {
      await deps.fileStorage.check();
    } catch (error) {
      request.log.warn({ err: error }, 'the file store is not answering');
      return unavailable(reply, 'The file store is not answering.');
    }
    return { status: 'ok' as const };
  },
  'system.metrics': async (request, reply) => {
    const { metrics } = deps;
    if (!metrics) return sendRouteNotFound(request, reply);
    if (!metrics.authorizes(request.headers.authorization)) throw unauthorized();
    void reply.type(metrics.contentType).header('cache-control', 'no-store');
    return metrics.text();
  },
  'system.openapi': async () => deps.openapi(),
  // Upgrades never reach a route (CollabServer.attach takes them first): a plain GET is told.
  'collab.socket': async () => {
    throw new AppError(
      426,
      'upgrade_required',
      'Connect with a WebSocket: this is live co-editing (Hocuspocus protocol).',
      undefined,
      { upgrade: 'websocket' },
    );
  },
});
