import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  CalendarDays,
  FileText,
  KanbanSquare,
  FolderOpen,
  LayoutDashboard,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Tags,
  Trash2,
  X,
} from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { LeaveGuard } from '../../components/leave-guard';
import { Logo } from '../../components/logo';
import { PageSpinner } from '../../components/spinner';
import { TrashToast } from '../../components/trash-toast';
import { useFocusTrap } from '../../components/use-focus-trap';
import { CommandPalette } from '../../features/search/components/command-palette';
import { SearchTrigger } from '../../features/search/components/search-trigger';
import { usePaletteShortcuts } from '../../features/search/use-palette-shortcuts';
import { clearTokens } from '../../lib/token-storage';
import { useLinkNavigate } from '../../lib/use-link-navigate';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { OfflineIndicator, PausedActionsNotice, UpdatePrompt } from '../pwa/network-status';
import { forgetOfflineCopies } from '../query-persistence';
import { UserMenu } from './user-menu';

const navItems = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/collections', label: 'Collections', Icon: FolderOpen },
  { to: '/content', label: 'Notes/Scripts', Icon: FileText },
  { to: '/board', label: 'Board', Icon: KanbanSquare },
  { to: '/calendar', label: 'Calendar', Icon: CalendarDays },
  { to: '/tags', label: 'Tags', Icon: Tags },
  { to: '/trash', label: 'Trash', Icon: Trash2 },
];

const COLLAPSED_KEY = 'cw.sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function SideNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const linkNavigate = useLinkNavigate();
  return (
    <nav aria-label="Sidebar" className="flex flex-col gap-1 p-3">
      {navItems.map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          to={to}
          onClick={(event) => {
            onNavigate?.();
            linkNavigate(event, to);
          }}
          title={collapsed ? label : undefined}
          aria-label={collapsed ? label : undefined}
          className={({ isActive }) =>
            clsx(
              'flex h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
              collapsed ? 'justify-center px-0' : 'px-3',
              isActive
                ? 'bg-indigo-50 text-indigo-700'
                : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
            )
          }
        >
          <Icon className="size-5 shrink-0" aria-hidden="true" />
          {!collapsed && <span className="truncate">{label}</span>}
        </NavLink>
      ))}
    </nav>
  );
}

/** Signed-in shell: top bar with user menu, collapsible side navigation (224/64 px), drawer on phones. */
export function SignedInLayout() {
  const navigate = useNavigate();
  const linkNavigate = useLinkNavigate();
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  const closePalette = useCallback(() => setPaletteOpen(false), []);
  usePaletteShortcuts(openPalette);

  useEffect(() => {
    try {
      window.localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // Preference only; ignore storage failures.
    }
  }, [collapsed]);

  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useFocusTrap(drawerOpen, drawerRef, closeDrawer);

  function logout() {
    clearTokens();
    queryClient.clear();
    void forgetOfflineCopies();
    void navigate('/login');
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-30 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-4">
        <div className="flex min-w-0 items-center gap-2">
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 md:hidden"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls="mobile-sidebar"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <Link
            to="/dashboard"
            onClick={(event) => linkNavigate(event, '/dashboard')}
            className="rounded-lg"
            aria-label="Creator Workspace dashboard"
          >
            {/* Below 400 px the search button needs the room of the name. */}
            <Logo wordmarkClassName="max-[399px]:sr-only" />
          </Link>
        </div>
        <div className="flex min-w-0 flex-1 justify-end sm:justify-center">
          <SearchTrigger onOpen={openPalette} />
        </div>
        <OfflineIndicator />
        <div className="flex shrink-0 items-center gap-1">
          <NotificationBell />
          <UserMenu onLogout={logout} />
        </div>
      </header>
      <CommandPalette open={paletteOpen} onClose={closePalette} />
      <TrashToast />
      <UpdatePrompt />
      <PausedActionsNotice />

      {/* Desktop / tablet sidebar */}
      <aside
        className={clsx(
          'fixed top-16 bottom-0 left-0 z-20 hidden flex-col justify-between border-r border-slate-200 bg-white transition-[width] duration-200 md:flex',
          collapsed ? 'w-16' : 'w-56',
        )}
        data-testid="sidebar"
        data-collapsed={collapsed}
      >
        <SideNav collapsed={collapsed} />
        <div className="border-t border-slate-100 p-3">
          <button
            type="button"
            onClick={() => setCollapsed((value) => !value)}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className={clsx(
              'flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800',
              collapsed ? 'justify-center' : 'px-3',
            )}
          >
            {collapsed ? (
              <PanelLeftOpen className="size-5" aria-hidden="true" />
            ) : (
              <>
                <PanelLeftClose className="size-5" aria-hidden="true" />
                <span>Collapse</span>
              </>
            )}
          </button>
        </div>
      </aside>

      {/* Phone drawer */}
      {drawerOpen && (
        <div className="fixed inset-0 z-40 md:hidden" id="mobile-sidebar">
          <div
            className="absolute inset-0 bg-slate-900/40"
            aria-hidden="true"
            onClick={() => setDrawerOpen(false)}
          />
          <div
            ref={drawerRef}
            role="dialog"
            aria-modal="true"
            aria-label="Navigation"
            tabIndex={-1}
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
          >
            <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
              <Logo />
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
                aria-label="Close navigation"
                onClick={() => setDrawerOpen(false)}
                data-autofocus
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
            <SideNav collapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      )}

      <div
        className={clsx(
          'pt-16 transition-[padding] duration-200',
          collapsed ? 'md:pl-16' : 'md:pl-56',
        )}
      >
        <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <LeaveGuard />
    </div>
  );
}
