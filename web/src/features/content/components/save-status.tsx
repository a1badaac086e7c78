import { clsx } from 'clsx';
import { Check, CloudOff, Loader2 } from 'lucide-react';
import type { SaveState } from './use-autosave';

/** The autosave state under the editor: Saving…, Saved, Offline (or that it could not save). */
export function SaveStatus({ state, local }: { state: SaveState; local: boolean }) {
  const where = local ? 'Draft kept in this browser' : 'Saved to your account';
  return (
    <span
      role="status"
      data-testid="save-status"
      data-state={state}
      className={clsx(
        'inline-flex items-center gap-1.5 font-medium',
        state === 'offline' || state === 'error' ? 'text-red-700' : 'text-slate-600',
      )}
    >
      {state === 'saving' && (
        <>
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
          Saving…
        </>
      )}
      {state === 'saved' && (
        <>
          <Check className="size-3.5 text-emerald-600" aria-hidden="true" />
          <span title={where}>Saved</span>
        </>
      )}
      {state === 'pending' && 'Unsaved changes'}
      {state === 'offline' && (
        <>
          <CloudOff className="size-3.5" aria-hidden="true" />
          <span title="Saves again when the connection is back">Offline</span>
        </>
      )}
      {state === 'error' && 'Not saved'}
    </span>
  );
}
