import type { RouteHandlers } from '../../http/route-table';
import type { TemplatesService } from './templates.service';

/** Templates (docs/api.md, "Templates"). */
export const templatesRoutes = (
  service: TemplatesService,
): RouteHandlers<'templates.list' | 'templates.create' | 'templates.remove' | 'templates.use'> => ({
  'templates.list': (_request, _reply, caller) => service.list(caller),
  'templates.create': (request, _reply, caller) => service.create(caller, request.body),
  'templates.remove': (request, _reply, caller) => service.remove(caller, request.params.id),
  'templates.use': (request, _reply, caller) =>
    service.use(caller, request.params.id, request.body),
});
