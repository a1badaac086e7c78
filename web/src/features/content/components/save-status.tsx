import { clsx } from 'clsx';
import { Check, CloudOff, CloudUpload } from 'lucide-react';
import type { SyncState } from '../collab/collab-session';

/** What the status line says; `error`: the server refused a change of the title or tags. */
export type SaveStatusState = SyncState | 'error';

/**
 * Where the text stands, always one of: Saved, Saving, Offline (kept on this device); or Not
 * saved when the server refused a change of the other fields.
 */
export function SaveStatus({ state }: { state: SaveStatusState }) {
  return (
    <span
      role="status"
      data-testid="save-status"
      data-state={state}
      className={clsx(
        // Saved and Saving take the same room (the wider one's), so the line around them never
        // wraps differently as they flip on every keystroke, or as the page opens (a layout
        // shift of the text below: docs/decisions/253).
        'inline-flex min-w-16 items-center gap-1.5 font-medium',
        state === 'offline'
          ? 'text-amber-800'
          : state === 'error'
            ? 'text-red-700'
            : 'text-slate-600',
      )}
    >
      {state === 'saving' && (
        <>
          {/* Still, not spinning: "Saving" shows while someone types, and a spinning icon
              would draw frames beside every keystroke (and distract from the words). */}
          <CloudUpload className="size-3.5" aria-hidden="true" />
          Saving
        </>
      )}
      {state === 'saved' && (
        <>
          <Check className="size-3.5 text-emerald-600" aria-hidden="true" />
          Saved
        </>
      )}
      {state === 'offline' && (
        <>
          <CloudOff className="size-3.5" aria-hidden="true" />
          <span title="Saved on the server when the connection is back">
            Offline (kept on this device)
          </span>
        </>
      )}
      {state === 'error' && 'Not saved'}
    </span>
  );
}
