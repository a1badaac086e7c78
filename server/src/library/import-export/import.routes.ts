import type { RouteHandlers } from '../../http/route-table';
import type { UploadPart } from '../shared/upload-parts';
import type { ImportService } from './import.service';

/** POST /api/import/ and GET /api/import/{id}/ (docs/api.md, "Import"). */
export const importRoutes = (
  service: ImportService,
  importMaxBytes: number,
): RouteHandlers<'import.start' | 'import.get'> => ({
  'import.start': (request, _reply, caller) =>
    service.start(
      caller,
      // A zip may be far larger than one upload (IMPORT_MAX_BYTES, not UPLOAD_MAX_BYTES).
      request.parts({ limits: { fileSize: importMaxBytes } }) as AsyncIterable<UploadPart>,
    ),
  'import.get': (request, _reply, caller) => service.get(caller, request.params.id),
});
