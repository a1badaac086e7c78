import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import type { RouteHandlers } from '../http/route-table';
import { etagOf, NOT_FOUND_PAGE, PUBLIC_CSP } from './public-html';
import { NotPublic, type PublicService } from './public.service';

type PublicRoute = 'public.get' | 'public.page' | 'public.feed' | 'public.item' | 'public.file';

/** How long anyone may keep a public answer (docs/api.md, "Publishing"). */
const PUBLIC_CACHE = 'public, max-age=60';

/**
 * The one answer to anything under /p/ that is not public (an unknown, revoked or malformed id,
 * a private or trashed item, a note, another collection's item): the same bytes and headers in
 * every case, so the answer tells nothing (decision 180). Also used for paths under /p/ that
 * match no route (app.ts).
 */
export function sendPublicNotFound(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PUBLIC_CSP)
    .header('cache-control', 'no-store')
    .send(NOT_FOUND_PAGE);
}

/** A page or feed with its validator: `304` when the client already holds these bytes. */
function sendCached(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = etagOf(body);
  void reply
    .header('content-security-policy', PUBLIC_CSP)
    .header('cache-control', PUBLIC_CACHE)
    .header('etag', etag);
  const held = request.headers['if-none-match'];
  if (
    held &&
    held
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*')
  ) {
    return reply.code(304).send();
  }
  return reply.code(200).type(type).send(body);
}

async function html(
  reply: FastifyReply,
  render: () => Promise<string>,
  send: (body: string) => FastifyReply,
) {
  let body: string;
  try {
    body = await render();
  } catch (error) {
    if (error instanceof NotPublic) return sendPublicNotFound(reply);
    throw error;
  }
  return send(body);
}

/** /p/… and /api/public/… (docs/api.md, "Publishing"): no sign-in, nothing but public items. */
export const publicRoutes = (service: PublicService): RouteHandlers<PublicRoute> => ({
  'public.get': async (request, reply) => {
    try {
      const answer = await service.get(request.params.public_id);
      void reply.header('cache-control', PUBLIC_CACHE);
      return answer;
    } catch (error) {
      if (error instanceof NotPublic) throw notFound();
      throw error;
    }
  },
  'public.page': (request, reply) =>
    html(
      reply,
      () => service.page(request.params.public_id),
      (body) => sendCached(request, reply, 'text/html; charset=utf-8', body),
    ),
  'public.item': (request, reply) =>
    html(
      reply,
      () => service.item(request.params.public_id, request.params.content_id),
      (body) => sendCached(request, reply, 'text/html; charset=utf-8', body),
    ),
  'public.feed': (request, reply) =>
    html(
      reply,
      () => service.feed(request.params.public_id),
      (body) => sendCached(request, reply, 'application/rss+xml; charset=utf-8', body),
    ),
  'public.file': async (request, reply) => {
    try {
      const { stream, headers } = await service.file(
        request.params.public_id,
        request.params.file_id,
      );
      void reply.headers(headers).header('content-security-policy', PUBLIC_CSP);
      return stream;
    } catch (error) {
      if (error instanceof NotPublic) return sendPublicNotFound(reply);
      throw error;
    }
  },
});
