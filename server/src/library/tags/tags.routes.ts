import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { TagsService } from './tags.service';

/** The tag calls of docs/api.md; paths and schemas come from the contract's table. */
export const tagsRoutes = (
  service: TagsService,
): RouteHandlers<
  'tags.list' | 'tags.create' | 'tags.get' | 'tags.update' | 'tags.remove' | 'tags.merge'
> => ({
  'tags.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'tags.create': (request, _reply, caller) => service.create(caller, request.body),
  'tags.get': (request, _reply, caller) => service.get(caller, request.params.id),
  'tags.update': (request, _reply, caller) =>
    service.update(caller, request.params.id, request.body),
  'tags.remove': (request, _reply, caller) => service.remove(caller, request.params.id),
  'tags.merge': (request, _reply, caller) => service.merge(caller, request.params.id, request.body),
});
