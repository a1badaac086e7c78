import type { NotificationSettings } from '@cw/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { asPage, callApi, nextPageParam } from '../api-client';

/** Query keys of the caller's notifications (docs/product.md, "Notifications"). */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: (user: number) => ['notifications', 'unread', user] as const,
  list: (user: number) => ['notifications', 'list', user] as const,
  settings: (user: number) => ['notifications', 'settings', user] as const,
};

/** How often the bell asks for the unread count (and when the tab comes back). */
export const UNREAD_POLL_MS = 30_000;
const PAGE_SIZE = 20;

export function unreadCountQueryOptions(user: number) {
  return queryOptions({
    queryKey: notificationKeys.unread(user),
    queryFn: async () => (await callApi('notifications.unread', {})).unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The caller's notifications, newest first, page by page (Load more). */
export function notificationsQueryOptions(user: number) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(user),
    queryFn: async ({ pageParam }) =>
      asPage(
        await callApi('notifications.list', { query: { page: pageParam, page_size: PAGE_SIZE } }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export const markNotificationRead = (id: number) =>
  callApi('notifications.read', { params: { id } });
export const markAllNotificationsRead = () => callApi('notifications.readAll', {});

export function notificationSettingsQueryOptions(user: number) {
  return queryOptions({
    queryKey: notificationKeys.settings(user),
    queryFn: () => callApi('notifications.settings', {}),
  });
}

export const updateNotificationSettings = (mail: Partial<NotificationSettings['mail']>) =>
  callApi('notifications.updateSettings', { body: { mail } });
