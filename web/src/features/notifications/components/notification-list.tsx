import type { Notification } from '@cw/contract';
import { notificationSentence } from '@cw/contract/notification-texts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import {
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  notificationsQueryOptions,
} from '../../../lib/api/notifications';

/** Where an entry leads: its item, else its collection (an invitation: the mail's link). */
export function entryPath(n: Notification): string | null {
  if (n.kind === 'invitation') return null;
  if (n.content_id !== null) return `/content/${n.content_id}`;
  if (n.collection_id !== null) return `/collections/${n.collection_id}`;
  return null;
}

const entryClass = (unread: boolean) =>
  clsx(
    'flex w-full items-start gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50',
    unread ? 'font-medium text-slate-900' : 'text-slate-600',
  );

/** The bell's list: newest first, unread ones marked, Mark all read, Load more. */
export function NotificationList({
  unread,
  onNavigate,
}: {
  unread: number;
  onNavigate: () => void;
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(notificationsQueryOptions(user.id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const readOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const entries = list.data?.pages.flatMap((page) => page.results) ?? [];
  const total = list.data?.pages[0]?.count ?? 0;

  const open = (n: Notification) => {
    if (n.read_on === null) readOne.mutate(n.id);
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
        <button
          type="button"
          className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:text-slate-400 disabled:hover:bg-transparent"
          disabled={unread === 0 || readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          Mark all read
        </button>
      </div>
      {list.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : list.isError ? (
        <p role="alert" className="p-4 text-sm text-red-600">
          Could not load notifications. Please try again.
        </p>
      ) : entries.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500">No notifications yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {entries.map((n) => {
            const path = entryPath(n);
            const body = (
              <>
                <span
                  aria-hidden="true"
                  className={clsx(
                    'mt-1.5 size-2 shrink-0 rounded-full',
                    n.read_on === null ? 'bg-indigo-600' : 'bg-transparent',
                  )}
                />
                <span className="min-w-0 flex-1">
                  <span className="block break-words">
                    {n.read_on === null && <span className="sr-only">Unread: </span>}
                    {notificationSentence(n)}
                  </span>
                  {n.excerpt && (
                    <span className="mt-0.5 block truncate text-slate-500">{n.excerpt}</span>
                  )}
                  <span className="mt-0.5 block text-xs font-normal text-slate-500">
                    {formatDateTime(n.created_on)}
                  </span>
                </span>
              </>
            );
            return (
              <li key={n.id}>
                {path ? (
                  <Link
                    to={path}
                    className={entryClass(n.read_on === null)}
                    onClick={() => {
                      open(n);
                      onNavigate();
                    }}
                  >
                    {body}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className={entryClass(n.read_on === null)}
                    onClick={() => open(n)}
                  >
                    {body}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="px-4 pb-3">
        <LoadMore shown={entries.length} total={total} pages={list} />
      </div>
      <div className="border-t border-slate-100 px-4 py-3 text-sm">
        <Link
          to="/account-settings#notifications"
          className="font-medium text-indigo-700 hover:underline"
          onClick={onNavigate}
        >
          Notification settings
        </Link>
      </div>
    </div>
  );
}
