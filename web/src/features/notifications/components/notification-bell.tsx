import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Bell } from 'lucide-react';
import { usePopover } from '../../../components/use-dismiss';
import { useCurrentUser } from '../../../lib/current-user';
import { unreadCountQueryOptions } from '../../../lib/api/notifications';
import { NotificationList } from './notification-list';

/** "Notifications, 3 unread": the bell's name says the count it shows. */
export const bellLabel = (unread: number) =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/**
 * The top bar's bell (docs/product.md, "Notifications"): the unread count, polled every 30 s
 * and when the tab comes back, and a popover with the list.
 */
export function NotificationBell() {
  const user = useCurrentUser();
  const { open, close, rootRef, id: panelId, triggerProps } = usePopover();
  const unread = useQuery(unreadCountQueryOptions(user.id)).data ?? 0;

  return (
    <div ref={rootRef} className="relative">
      <button
        {...triggerProps}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
        aria-label={bellLabel(unread)}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-label="Notifications"
          className={clsx(
            'fixed inset-x-2 top-16 z-50 max-h-[75vh] overflow-y-auto rounded-xl bg-white shadow-lg ring-1 ring-slate-900/10',
            'sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96',
          )}
        >
          <NotificationList unread={unread} onNavigate={close} />
        </div>
      )}
    </div>
  );
}
