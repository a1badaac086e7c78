import type { ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { FormMessage } from './form-message';
import { Modal } from './modal';

/**
 * A destructive confirmation: Cancel and a red confirm button. A failure stays inside the
 * dialog as an alert, so the user can retry or cancel.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  pending,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      size="sm"
      footer={
        <DialogActions
          variant="danger"
          pending={pending}
          onCancel={onClose}
          onClick={onConfirm}
          focusCancel
        >
          {confirmLabel}
        </DialogActions>
      }
    >
      <p className="text-sm [overflow-wrap:anywhere] break-words text-slate-700">{message}</p>
      {error && (
        <FormMessage tone="error" className="mt-3">
          {error}
        </FormMessage>
      )}
    </Modal>
  );
}
