import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { UploadPart } from '../shared/upload-parts';
import type { FilesService } from './files.service';

/** The file calls of docs/api.md; paths and schemas come from the contract's table. */
export const filesRoutes = (
  service: FilesService,
): RouteHandlers<
  | 'files.list'
  | 'files.upload'
  | 'files.get'
  | 'files.update'
  | 'files.remove'
  | 'files.download'
  | 'files.previewLink'
  | 'files.preview'
  | 'files.usage'
> => ({
  'files.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'files.upload': (request, _reply, caller) =>
    service.upload(caller, request.parts() as AsyncIterable<UploadPart>),
  'files.get': (request, _reply, caller) => service.get(caller, request.params.id),
  'files.update': (request, _reply, caller) =>
    service.update(caller, request.params.id, request.body),
  'files.remove': (request, _reply, caller) => service.remove(caller, request.params.id),
  // The stream is sent as it is, never serialized.
  'files.download': async (request, reply, caller) => {
    const { stream, headers } = await service.download(caller, request.params.id);
    void reply.headers(headers);
    return stream;
  },
  'files.previewLink': (request, _reply, caller) => service.previewLink(caller, request.params.id),
  // Signed in by the Authorization header or the link's ticket (the route table's guard).
  'files.preview': async (request, reply, caller) => {
    const { stream, headers } = await service.preview(caller, request.params.id);
    void reply.headers(headers);
    return stream;
  },
  'files.usage': (_request, _reply, caller) => service.usage(caller),
});
