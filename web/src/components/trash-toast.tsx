import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { restoreFromTrash } from '../lib/api/trash';
import { dismissTrashed, useTrashedNotice } from '../lib/trash-toast';

/** How long the toast stays (docs/product.md, "Trash"). */
export const TRASH_TOAST_MS = 6000;

/**
 * "Moved to trash · Undo" for 6 s after a collection, content item or note is deleted; Undo
 * restores it and refreshes every list. Mounted once by the signed-in layout; the live region
 * is always there so screen readers announce the toast.
 */
export function TrashToast() {
  const notice = useTrashedNotice();
  const queryClient = useQueryClient();
  const [undoing, setUndoing] = useState(false);
  /** The toast whose Undo failed (a new toast starts without the failure). */
  const [failedSerial, setFailedSerial] = useState<number | null>(null);
  const failed = notice !== null && failedSerial === notice.serial;

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => dismissTrashed(notice), TRASH_TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  async function undo() {
    if (!notice) return;
    setUndoing(true);
    try {
      await restoreFromTrash(notice.type, notice.id);
      dismissTrashed(notice);
      await queryClient.invalidateQueries();
    } catch {
      setFailedSerial(notice.serial);
    } finally {
      setUndoing(false);
    }
  }

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {notice && (
        <div
          data-testid="trash-toast"
          className="pointer-events-auto flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
        >
          <span>{failed ? 'Could not restore it. It is in the trash.' : 'Moved to trash'}</span>
          {!failed && (
            <>
              <span aria-hidden="true">·</span>
              <button
                type="button"
                onClick={() => void undo()}
                disabled={undoing}
                className="rounded font-semibold text-indigo-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300 disabled:opacity-60"
              >
                Undo
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
