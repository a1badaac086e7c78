import { Button, type ButtonProps } from './button';

export interface DialogActionsProps extends ButtonProps {
  /** While the action runs, its button spins and Cancel is disabled. */
  pending: boolean;
  onCancel: () => void;
  /** Cancel takes the focus when the dialog opens (a destructive confirmation). */
  focusCancel?: boolean;
}

/** A dialog's footer: Cancel, then the action's button (the other props are the action's). */
export function DialogActions({
  pending,
  onCancel,
  focusCancel = false,
  children,
  ...action
}: DialogActionsProps) {
  return (
    <>
      <Button
        variant="secondary"
        onClick={onCancel}
        disabled={pending}
        data-autofocus={focusCancel || undefined}
      >
        Cancel
      </Button>
      <Button loading={pending} {...action}>
        {children}
      </Button>
    </>
  );
}
