import type { RouteHandlers } from '../../http/route-table';
import { listAnswer } from '../../http/pagination';
import type { LinksService } from './links.service';

/** Links between items (docs/api.md, "Links between items"). */
export const linksRoutes = (
  service: LinksService,
): RouteHandlers<'links.list' | 'links.backlinks'> => ({
  'links.list': (request, _reply, caller) => service.links(caller, request.params.id),
  'links.backlinks': async (request, _reply, caller) =>
    listAnswer(request, await service.backlinks(caller, request.params.id, request.query)),
});
