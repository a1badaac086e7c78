import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, sendErrorBody } from '../../http/errors';
import type { RouteHandlers } from '../../http/route-table';
import { NOT_FOUND_PAGE, PUBLIC_CSP } from './public-html';
import { NotPublic, type PublicAnswerKind, type PublicService } from './public.service';

type PublicRoute = 'public.get' | 'public.page' | 'public.feed' | 'public.item' | 'public.file';

/** How long anyone may keep a public answer (docs/api.md, "Publishing"). */
const PUBLIC_CACHE = 'public, max-age=60';

/**
 * The one answer to anything under /p/ that is not public (an unknown, revoked or malformed id,
 * a private or trashed item, a note, another collection's item): the same bytes and headers in
 * every case, so the answer tells nothing (decision 180). Also used for every other address
 * under /p/: no route, another method, a part too long for the router (app.ts).
 */
export function sendPublicNotFound(reply: FastifyReply) {
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PUBLIC_CSP)
    .header('cache-control', 'no-store')
    .send(NOT_FOUND_PAGE);
}

/** The same under /api/public/: the usual JSON 404, with the public answers' CSP. */
export function sendPublicApiNotFound(reply: FastifyReply) {
  return sendErrorBody(reply.header('content-security-policy', PUBLIC_CSP), 404, {
    ...errorBody('Not found.', 'not_found'),
  }).header('cache-control', 'no-store');
}

/**
 * The public 404 that an address gets when nothing else answers it (an unknown path, another
 * method, a refused URL), or null when the address is not a public one.
 */
export function publicNotFoundOf(url: string): ((reply: FastifyReply) => FastifyReply) | null {
  const path = url.split('?')[0] ?? '';
  if (path === '/p' || path.startsWith('/p/')) return sendPublicNotFound;
  if (path === '/api/public' || path.startsWith('/api/public/')) return sendPublicApiNotFound;
  return null;
}

const TYPES: Record<PublicAnswerKind, string> = {
  page: 'text/html; charset=utf-8',
  item: 'text/html; charset=utf-8',
  feed: 'application/rss+xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** A page, the feed or the JSON answer, with its validator: `304` when the client holds it. */
async function sendAnswer(
  service: PublicService,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: PublicAnswerKind,
  publicId: string,
  contentId?: string,
) {
  let answer;
  try {
    answer = await service.answer(kind, publicId, contentId, request.headers['if-none-match']);
  } catch (error) {
    if (error instanceof NotPublic) {
      return kind === 'json' ? sendPublicApiNotFound(reply) : sendPublicNotFound(reply);
    }
    throw error;
  }
  void reply
    .header('content-security-policy', PUBLIC_CSP)
    .header('cache-control', PUBLIC_CACHE)
    .header('etag', answer.etag);
  if (answer.body === null) return reply.code(304).send();
  // A string is sent as it is, already serialized (the JSON answer included).
  return reply.code(200).type(TYPES[kind]).send(answer.body);
}

/** /p/… and /api/public/… (docs/api.md, "Publishing"): no sign-in, nothing but public items. */
export const publicRoutes = (service: PublicService): RouteHandlers<PublicRoute> => ({
  // The body is the JSON of a PublicCollection, written by the service.
  'public.get': (request, reply) =>
    sendAnswer(service, request, reply, 'json', request.params.public_id),
  'public.page': (request, reply) =>
    sendAnswer(service, request, reply, 'page', request.params.public_id),
  'public.item': (request, reply) =>
    sendAnswer(
      service,
      request,
      reply,
      'item',
      request.params.public_id,
      request.params.content_id,
    ),
  'public.feed': (request, reply) =>
    sendAnswer(service, request, reply, 'feed', request.params.public_id),
  'public.file': async (request, reply) => {
    try {
      const { stream, headers } = await service.file(
        request.params.public_id,
        request.params.file_id,
      );
      // A download: the sandbox policy of downloadHeaders, not the public pages' own.
      void reply.headers(headers);
      return stream;
    } catch (error) {
      if (error instanceof NotPublic) return sendPublicNotFound(reply);
      throw error;
    }
  },
});
