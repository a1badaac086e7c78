import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { TrashService } from './trash.service';

/** The trash calls of docs/api.md, "Trash"; paths and schemas come from the contract's table. */
export const trashRoutes = (
  service: TrashService,
): RouteHandlers<'trash.list' | 'trash.empty' | 'trash.restore' | 'trash.remove'> => ({
  'trash.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'trash.empty': (_request, _reply, caller) => service.empty(caller),
  'trash.restore': (request, _reply, caller) =>
    service.restore(caller, request.params.type, request.params.id),
  'trash.remove': (request, _reply, caller) =>
    service.remove(caller, request.params.type, request.params.id),
});
