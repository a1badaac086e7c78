import type { TrashType } from '@cw/contract';
import { useState } from 'react';
import { announceTrashed } from '../lib/trash-toast';
import { ConfirmDialog } from './confirm-dialog';

/** The part of a TanStack Query delete mutation the dialog needs. */
export interface DeleteMutation {
  isPending: boolean;
  mutate(id: number, callbacks: { onSuccess: () => void; onError: () => void }): void;
}

/**
 * "Are you sure you want to delete {name}?" for any object with an id. A failure stays in the
 * dialog so the user can retry or cancel; closing it forgets the failure. With `trash`, the object
 * goes to the trash, and the dialog says so: "It moves to the trash, where you can restore it for
 * 30 days." (the "Moved to trash · Undo" toast follows; docs/product.md, "Trash"; decision 219).
 * Without it (tags, files), the delete is final: "This action cannot be undone."
 */
export function DeleteDialog<T extends { id: number }>({
  target,
  title,
  name,
  failureText,
  mutation,
  onClose,
  onDeleted,
  trash,
}: {
  target: T | null;
  title: string;
  name: (target: T) => string;
  failureText: string;
  mutation: DeleteMutation;
  onClose: () => void;
  onDeleted?: () => void;
  trash?: TrashType;
}) {
  const [failed, setFailed] = useState(false);

  function close() {
    if (mutation.isPending) return;
    setFailed(false);
    onClose();
  }

  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      message={
        <>
          Are you sure you want to delete{' '}
          <strong className="font-semibold text-slate-900">{target ? name(target) : ''}</strong>?{' '}
          {trash
            ? // The trash's keep period (the contract's TRASH_DAYS, as the trash page writes it); the
              // web app takes only types from the contract's index (docs/development.md).
              'It moves to the trash, where you can restore it for 30 days.'
            : 'This action cannot be undone.'}
        </>
      }
      pending={mutation.isPending}
      error={failed ? failureText : null}
      onClose={close}
      onConfirm={() => {
        if (!target) return;
        setFailed(false);
        mutation.mutate(target.id, {
          onSuccess: () => {
            if (trash) announceTrashed(trash, target.id);
            onClose();
            onDeleted?.();
          },
          onError: () => setFailed(true),
        });
      }}
    />
  );
}
