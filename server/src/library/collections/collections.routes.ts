import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { CollectionsService } from './collections.service';

/** The collections calls of docs/api.md; paths and schemas come from the contract's table. */
export const collectionsRoutes = (
  service: CollectionsService,
): RouteHandlers<
  | 'collections.list'
  | 'collections.create'
  | 'collections.get'
  | 'collections.update'
  | 'collections.remove'
  | 'collections.publish'
  | 'collections.unpublish'
> => ({
  'collections.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'collections.create': (request, _reply, caller) => service.create(caller, request.body),
  'collections.get': (request, _reply, caller) => service.get(caller, request.params.id),
  'collections.update': (request, _reply, caller) =>
    service.update(caller, request.params.id, request.body),
  'collections.remove': (request, _reply, caller) => service.remove(caller, request.params.id),
  'collections.publish': (request, _reply, caller) => service.publish(caller, request.params.id),
  'collections.unpublish': (request, _reply, caller) =>
    service.unpublish(caller, request.params.id),
});
