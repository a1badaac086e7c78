import type { RouteHandlers } from '../../http/route-table';
import type { DashboardService } from './dashboard.service';

/** `GET /api/dashboard/` (docs/api.md, "Dashboard"). */
export const dashboardRoutes = (service: DashboardService): RouteHandlers<'dashboard.summary'> => ({
  'dashboard.summary': (request, _reply, caller) => service.summary(caller, request.query),
});
