import type { RouteHandlers } from '../http/route-table';
import { listAnswer } from '../http/pagination';
import type { ContentsService } from './contents.service';
import type { VersionsService } from './versions.service';

/** The content-item calls of docs/api.md; paths and schemas come from the contract's table. */
export const contentsRoutes = (
  service: ContentsService,
  versions: VersionsService,
): RouteHandlers<
  | 'contents.list'
  | 'contents.create'
  | 'contents.get'
  | 'contents.update'
  | 'contents.remove'
  | 'versions.list'
  | 'versions.create'
  | 'versions.get'
  | 'versions.restore'
> => ({
  'contents.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'contents.create': (request, _reply, caller) => service.create(caller, request.body),
  'contents.get': (request, _reply, caller) => service.get(caller, request.params.id),
  'contents.update': (request, _reply, caller) =>
    service.update(caller, request.params.id, request.body),
  'contents.remove': (request, _reply, caller) => service.remove(caller, request.params.id),
  'versions.list': async (request, _reply, caller) =>
    listAnswer(request, await versions.list(caller, request.params.id, request.query)),
  'versions.create': (request, _reply, caller) =>
    versions.create(caller, request.params.id, request.body),
  'versions.get': (request, _reply, caller) =>
    versions.get(caller, request.params.id, request.params.vid),
  'versions.restore': (request, _reply, caller) =>
    service.restoreVersion(caller, request.params.id, request.params.vid),
});
