import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { ContentsService } from './contents.service';
import type { VersionsService } from './versions.service';
import { etagOf } from './etag';

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
  | 'contents.publish'
> => ({
  'contents.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'contents.create': (request, _reply, caller) => service.create(caller, request.body),
  // The ETag a save may send back as If-Match (docs/api.md, "Writing together").
  'contents.get': async (request, reply, caller) => {
    const item = await service.get(caller, request.params.id);
    void reply.header('etag', etagOf(item));
    return item;
  },
  'contents.update': async (request, reply, caller) => {
    const ifMatch = request.headers['if-match'];
    const item = await service.update(caller, request.params.id, request.body, ifMatch);
    void reply.header('etag', etagOf(item));
    return item;
  },
  'contents.remove': (request, _reply, caller) => service.remove(caller, request.params.id),
  'versions.list': async (request, _reply, caller) =>
    listAnswer(request, await versions.list(caller, request.params.id, request.query)),
  'versions.create': (request, _reply, caller) =>
    versions.create(caller, request.params.id, request.body),
  'versions.get': (request, _reply, caller) =>
    versions.get(caller, request.params.id, request.params.vid),
  'versions.restore': (request, _reply, caller) =>
    service.restoreVersion(caller, request.params.id, request.params.vid),
  'contents.publish': async (request, reply, caller) => {
    const item = await versions.publish(caller, request.params.id);
    void reply.header('etag', etagOf(item));
    return item;
  },
});
