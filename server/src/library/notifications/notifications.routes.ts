import { listAnswer } from '../../http/pagination';
import type { RouteHandlers } from '../../http/route-table';
import type { NotificationsService } from './notifications.service';
import { sendPlainPage } from '../shared/plain-page';

/** Notifications and a collection's activity (docs/api.md, "Notifications", "Activity"). */
export const notificationsRoutes = (
  service: NotificationsService,
): RouteHandlers<
  | 'notifications.list'
  | 'notifications.unread'
  | 'notifications.read'
  | 'notifications.readAll'
  | 'notifications.settings'
  | 'notifications.updateSettings'
  | 'activity.list'
> => ({
  'notifications.list': async (request, _reply, caller) =>
    listAnswer(request, await service.list(caller, request.query)),
  'notifications.unread': (_request, _reply, caller) => service.unread(caller),
  'notifications.read': (request, _reply, caller) => service.read(caller, request.params.id),
  'notifications.readAll': (_request, _reply, caller) => service.readAll(caller),
  'notifications.settings': (_request, _reply, caller) => service.settings(caller),
  'notifications.updateSettings': (request, _reply, caller) =>
    service.updateSettings(caller, request.body),
  'activity.list': async (request, _reply, caller) =>
    listAnswer(request, await service.activity(caller, request.params.id, request.query)),
});

/**
 * A notification mail's unsubscribe link, no sign-in (decision 226): `GET` asks to confirm,
 * `POST` unsubscribes (the page's button, or a mail client's one-click POST of RFC 8058, whose
 * form body is read and ignored: registered in a scope of their own that accepts form bodies).
 */
export const unsubscribeRoutes = (
  service: NotificationsService,
): RouteHandlers<'notifications.unsubscribePage' | 'notifications.unsubscribe'> => ({
  'notifications.unsubscribePage': async (request, reply) =>
    sendPlainPage(reply, service.unsubscribePage(request.query.token)),
  'notifications.unsubscribe': async (request, reply) =>
    sendPlainPage(reply, await service.unsubscribe(request.query.token)),
});
