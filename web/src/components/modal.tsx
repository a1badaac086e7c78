import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DialogLayer } from './dialog-layer';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Optional line under the title. */
  description?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Label of the × button. */
  closeLabel?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' };

/**
 * Accessible dialog: labelled by its title, traps Tab focus, closes on Escape, on the × button
 * and on a click on the backdrop, and gives focus back to what had it before opening.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  description,
  footer,
  size = 'md',
  closeLabel = 'Close',
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  if (!open) return null;

  return createPortal(
    <DialogLayer
      placement="items-end p-0 sm:items-center sm:p-4"
      backdropTestId="modal-backdrop"
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={clsx(
        'relative flex max-h-[90vh] w-full flex-col rounded-t-2xl bg-white shadow-xl ring-1 ring-slate-900/5 focus:outline-none sm:rounded-2xl',
        widths[size],
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="-mr-1 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="overflow-y-auto px-5 py-4">{children}</div>
      {footer && (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end">
          {footer}
        </div>
      )}
    </DialogLayer>,
    document.body,
  );
}
