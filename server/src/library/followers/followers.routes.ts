import type { FastifyReply } from 'fastify';
import type { RouteHandlers } from '../../http/route-table';
import { sendPlainPage } from '../shared/plain-page';
import type { FollowersService, PageAnswer } from './followers.service';
import { NotFollowable } from './followers.service';

const sendPage = (reply: FastifyReply, answer: PageAnswer) =>
  sendPlainPage(reply, answer.html, answer.status, answer.headers);

/**
 * What a visitor reaches without signing in (decision 247): the public page's follow form, and
 * the confirmation and unsubscribe links of the mails. Registered in a scope that reads form
 * bodies; `notPublic` answers the public 404 for a link that names nothing on the web.
 */
export const followerVisitorRoutes = (
  service: FollowersService,
  notPublic: (reply: FastifyReply) => FastifyReply,
): RouteHandlers<
  | 'followers.follow'
  | 'followers.confirmPage'
  | 'followers.confirm'
  | 'followers.unsubscribePage'
  | 'followers.unsubscribe'
> => ({
  'followers.follow': async (request, reply) => {
    try {
      return sendPage(
        reply,
        await service.follow(request.params.public_id, request.body.email, request.ip),
      );
    } catch (error) {
      if (error instanceof NotFollowable) return notPublic(reply);
      throw error;
    }
  },
  'followers.confirmPage': async (request, reply) =>
    sendPage(reply, await service.confirmPage(request.query.token)),
  'followers.confirm': async (request, reply) =>
    sendPage(reply, await service.confirm(request.query.token)),
  'followers.unsubscribePage': async (request, reply) =>
    sendPage(reply, await service.unsubscribePage(request.query.token)),
  'followers.unsubscribe': async (request, reply) =>
    sendPage(reply, await service.unsubscribe(request.query.token)),
});

/** The owner's view of a collection's followers (docs/api.md, "Followers"). */
export const followerOwnerRoutes = (
  service: FollowersService,
): RouteHandlers<'followers.count' | 'followers.export'> => ({
  'followers.count': (request, _reply, caller) => service.count(caller, request.params.id),
  'followers.export': async (request, reply, caller) => {
    const csv = await service.exportCsv(caller, request.params.id);
    return reply
      .code(200)
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="followers.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  },
});
