import type { RouteHandlers } from '../../http/route-table';
import type { ExportService } from './export.service';

/**
 * GET /api/export/ (docs/api.md, "Export"): the zip is streamed as it is written; signed in by
 * the Authorization header or a ticket from POST /api/export/link/ (the route table's guard).
 */
export const exportRoutes = (
  service: ExportService,
): RouteHandlers<'export.download' | 'export.link'> => ({
  'export.download': async (_request, reply, caller) => {
    const { stream, headers } = service.download(caller);
    void reply.headers(headers);
    return stream;
  },
  'export.link': async (_request, _reply, caller) => service.link(caller),
});
