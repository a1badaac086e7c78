import { useMutationState } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useOnline } from './use-online';
import { useWaitingWorker } from './use-waiting-worker';

/** "Offline" in the header while the browser has no network (docs/product.md, "Offline"). */
export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <span
      data-testid="offline-indicator"
      title="You're offline. What you visited before is still here; changes sync when you're back online."
      className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200"
    >
      <CloudOff className="size-3.5" aria-hidden="true" />
      Offline
    </span>
  );
}

/** A quiet "New version — reload" when an update of the app is waiting. */
export function UpdatePrompt() {
  const { waiting, activate } = useWaitingWorker();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50"
    >
      {waiting && (
        <div
          data-testid="update-prompt"
          className="pointer-events-auto flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700 shadow-lg"
        >
          <span>New version —</span>
          <button
            type="button"
            onClick={activate}
            className="min-h-11 rounded-lg px-2 font-medium text-indigo-700 hover:bg-indigo-50"
          >
            Reload
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Actions that need the network (share, publish, upload, any change) wait while offline —
 * TanStack Query pauses them and sends them once the network is back — and say so here.
 */
export function PausedActionsNotice() {
  const paused = useMutationState({
    filters: { status: 'pending', predicate: (mutation) => mutation.state.isPaused },
  }).length;
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4"
    >
      {paused > 0 && (
        <p
          data-testid="offline-actions"
          className="pointer-events-auto rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900 shadow ring-1 ring-amber-200"
        >
          You're offline. {paused === 1 ? 'This change waits' : `${paused} changes wait`} and will
          be sent when you're back online.
        </p>
      )}
    </div>
  );
}
