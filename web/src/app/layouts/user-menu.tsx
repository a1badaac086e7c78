import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { usePopover } from '../../components/use-dismiss';
import { fullName, initials } from '../../lib/format';
import { useCurrentUser } from '../../lib/current-user';

/** Top-bar user menu: Account Settings and Logout; closes on outside click and Escape. */
export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const user = useCurrentUser();
  const { open, close, rootRef, id: menuId, triggerProps } = usePopover();
  const name = fullName(user) || user.email;

  const itemClass =
    'flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100';

  return (
    <div ref={rootRef} className="relative">
      <button
        {...triggerProps}
        className="flex min-h-11 max-w-[16rem] items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100"
        aria-haspopup="menu"
        aria-label={`User menu for ${name}`}
      >
        <Avatar src={user.profilePic} initials={initials(user)} size="sm" />
        <span
          className="hidden truncate text-sm font-medium text-slate-800 sm:block"
          data-testid="topbar-full-name"
        >
          {name}
        </span>
        <ChevronDown
          className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="User menu"
          className="absolute right-0 z-50 mt-2 w-60 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10"
        >
          <div className="border-b border-slate-100 px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <div className="pt-1.5">
            <Link role="menuitem" to="/account-settings" className={itemClass} onClick={close}>
              <Settings className="size-4 text-slate-500" aria-hidden="true" />
              Account Settings
            </Link>
            <button
              role="menuitem"
              type="button"
              className={itemClass}
              onClick={() => {
                close();
                onLogout();
              }}
            >
              <LogOut className="size-4 text-slate-500" aria-hidden="true" />
              Logout
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
