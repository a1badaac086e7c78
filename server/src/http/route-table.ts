import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  apiErrorSchema,
  endpoints,
  routes,
  type Endpoints,
  type ErrorStatus,
  type RouteName,
} from '@cw/contract';
import type { Caller } from '../policy/caller';
import type { AuthGuard } from './auth-guard';

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Validation failed (`errors` names the fields), or a wrong code or password',
  401: 'No token, a bad or expired one, or wrong credentials',
  403: 'A `user` filter or field that is not the caller, or a role that may not do this (docs/api.md, "Sharing")',
  404: 'Unknown id, or one the caller may not see',
  412: 'If-Match is not the current ETag: `current` holds the item as it is now',
  413: 'Body or upload over its size limit',
  415: 'Unsupported content type',
  426: 'A plain request where a WebSocket upgrade is expected',
  429: 'Rate limit hit; the Retry-After header gives the seconds to wait',
  503: 'The database or the mail server is not answering',
};

type Endpoint<N extends RouteName> = Endpoints[N];
type Part<N extends RouteName, K extends string> =
  Endpoint<N> extends Record<K, infer S extends z.ZodType> ? S : undefined;

/** The Fastify schema of a route, typed so the zod type provider infers its request. */
export interface SchemaOf<N extends RouteName> extends FastifySchema {
  params: Part<N, 'params'>;
  querystring: Part<N, 'query'>;
  body: Part<N, 'body'>;
  response: Record<Endpoint<N>['success']['status'], Endpoint<N>['success']['schema']>;
}

export type RouteRequest<N extends RouteName> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  SchemaOf<N>,
  ZodTypeProvider
>;
export type RouteReply<N extends RouteName> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  unknown,
  SchemaOf<N>,
  ZodTypeProvider
>;

/** What a handler gives back: the success body, which is sent with the table's status. */
type SuccessBody<N extends RouteName> = Endpoint<N>['success']['status'] extends 204
  ? void
  : z.input<Endpoint<N>['success']['schema']>;

/**
 * A route's handler. Signed-in routes receive the caller as a third argument, and only they
 * do: that is the one way to learn who is asking.
 */
export type RouteHandler<N extends RouteName> = (
  request: RouteRequest<N>,
  reply: RouteReply<N>,
  ...caller: Endpoint<N>['signedIn'] extends true ? [Caller] : []
) => Promise<SuccessBody<N>>;

export type RouteHandlers<N extends RouteName> = { [K in N]: RouteHandler<K> };

/** The Fastify schema of a route, from the contract's table (also feeds OpenAPI). */
function schemaOf(name: RouteName): FastifySchema {
  const endpoint: Endpoints[RouteName] = endpoints[name];
  const schema: Record<string, unknown> = {
    tags: [endpoint.group],
    summary: endpoint.summary,
    response: {
      [endpoint.success.status]: endpoint.success.schema,
      ...Object.fromEntries(
        endpoint.errors.map((status) => [
          status,
          apiErrorSchema.describe(ERROR_DESCRIPTIONS[status]),
        ]),
      ),
    },
  };
  if (endpoint.signedIn) schema.security = [{ bearerAuth: [] }];
  if ('params' in endpoint) schema.params = endpoint.params;
  if ('query' in endpoint) schema.querystring = endpoint.query;
  if ('body' in endpoint) schema.body = endpoint.body;
  if ('consumes' in endpoint) schema.consumes = endpoint.consumes;
  if ('produces' in endpoint) schema.produces = endpoint.produces;
  if ('hidden' in endpoint) schema.hide = endpoint.hidden;
  return schema;
}

/**
 * Registers handlers for routes of the contract's table: method, path, schemas, success
 * status and, for signed-in routes, the auth guard all come from the table. Handlers only
 * call a service and return what it gives.
 */
export function registerRoutes<N extends RouteName>(
  app: FastifyInstance,
  guard: AuthGuard,
  handlers: RouteHandlers<N>,
): void {
  for (const name of Object.keys(handlers) as N[]) {
    const { method, path } = routes[name];
    const endpoint = endpoints[name];
    // The handler's types were checked against this route's schema where it was written.
    const handler = handlers[name] as unknown as (
      request: FastifyRequest,
      reply: FastifyReply,
      caller?: Caller,
    ) => Promise<unknown>;
    app.route({
      method,
      url: path,
      schema: schemaOf(name),
      ...(endpoint.signedIn
        ? { onRequest: 'ticket' in endpoint && endpoint.ticket ? guard.ticketHook : guard.hook }
        : {}),
      handler: async (request, reply) => {
        const body = endpoint.signedIn
          ? await handler(request, reply, guard.callerOf(request))
          : await handler(request, reply);
        if (reply.sent) return reply;
        return reply.code(endpoint.success.status).send(body ?? null);
      },
    });
  }
}
