import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { CommentsService } from './comments.service';

/** Comments on content items (docs/api.md, "Comments"). */
export const commentsRoutes = (
  service: CommentsService,
): RouteHandlers<
  | 'comments.threads'
  | 'comments.start'
  | 'comments.reply'
  | 'comments.resolve'
  | 'comments.reopen'
  | 'comments.update'
  | 'comments.remove'
  | 'comments.people'
> => ({
  'comments.threads': async (request, _reply, caller) =>
    listAnswer(request, await service.threads(caller, request.params.id, request.query)),
  'comments.start': (request, _reply, caller) =>
    service.start(caller, request.params.id, request.body),
  'comments.reply': (request, _reply, caller) =>
    service.reply(caller, request.params.id, request.params.thread_id, request.body.body),
  'comments.resolve': (request, _reply, caller) =>
    service.resolve(caller, request.params.id, request.params.thread_id, true),
  'comments.reopen': (request, _reply, caller) =>
    service.resolve(caller, request.params.id, request.params.thread_id, false),
  'comments.update': (request, _reply, caller) =>
    service.edit(caller, request.params.id, request.params.comment_id, request.body.body),
  'comments.remove': (request, _reply, caller) =>
    service.remove(caller, request.params.id, request.params.comment_id),
  'comments.people': async (request, _reply, caller) =>
    listAnswer(request, await service.people(caller, request.params.id, request.query)),
});
