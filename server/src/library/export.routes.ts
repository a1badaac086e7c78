import type { RouteHandlers } from '../http/route-table';
import type { ExportService } from './export.service';

/** GET /api/export/ (docs/api.md, "Export"): the zip is streamed as it is written. */
export const exportRoutes = (service: ExportService): RouteHandlers<'export.download'> => ({
  'export.download': async (_request, reply, caller) => {
    const { stream, headers } = service.download(caller);
    void reply.headers(headers);
    return stream;
  },
});
