import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { SearchService } from './search.service';

/** GET /api/search/ (docs/api.md, "Search"); path and schemas come from the contract's table. */
export const searchRoutes = (service: SearchService): RouteHandlers<'search.query'> => ({
  'search.query': async (request, _reply, caller) =>
    listAnswer(request, await service.search(caller, request.query)),
});
