import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { NotesService } from './notes.service';

/** The collection-note calls of docs/api.md; paths and schemas come from the contract's table. */
export const notesRoutes = (
  service: NotesService,
): RouteHandlers<
  'notes.list' | 'notes.create' | 'notes.get' | 'notes.update' | 'notes.remove'
> => ({
  'notes.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'notes.create': (request, _reply, caller) =>
    service.create(caller, request.body, request.query.collection),
  'notes.get': (request, _reply, caller) => service.get(caller, request.params.id),
  'notes.update': (request, _reply, caller) =>
    service.update(caller, request.params.id, request.body),
  'notes.remove': (request, _reply, caller) => service.remove(caller, request.params.id),
});
