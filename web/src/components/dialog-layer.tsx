import { clsx } from 'clsx';
import { useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap';

/**
 * What every modal surface stands on (Modal, the command palette): the page dimmed behind it
 * (a click there closes), and the dialog panel, which keeps the focus while it is open
 * (useFocusTrap: Tab stays inside, Escape closes, focus goes back afterwards).
 */
export function DialogLayer({
  placement,
  backdropTestId,
  onClose,
  className,
  children,
  ...panel
}: {
  /** Where the panel sits on the screen (flex alignment and padding of the layer). */
  placement: string;
  backdropTestId: string;
  onClose: () => void;
  className: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'className' | 'children'>) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(true, panelRef, onClose);
  return (
    <div className={clsx('fixed inset-0 z-50 flex justify-center', placement)}>
      <div
        className="absolute inset-0 bg-slate-900/50 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={onClose}
        data-testid={backdropTestId}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        className={className}
        {...panel}
      >
        {children}
      </div>
    </div>
  );
}
