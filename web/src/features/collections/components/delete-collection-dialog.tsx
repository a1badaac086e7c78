import type { Collection } from '@cw/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteCollection } from '../api/delete-collection';

/** "Are you sure you want to delete {name}? This action cannot be undone." (spec §2). */
export function DeleteCollectionDialog({
  collection,
  onClose,
  onDeleted,
}: {
  collection: Collection | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteCollection();
  const [failed, setFailed] = useState(false);

  function close() {
    if (remove.isPending) return;
    setFailed(false);
    onClose();
  }

  return (
    <ConfirmDialog
      open={collection !== null}
      title="Delete Collection"
      message={
        <>
          Are you sure you want to delete{' '}
          <strong className="font-semibold text-slate-900">{collection?.name}</strong>? This action
          cannot be undone.
        </>
      }
      pending={remove.isPending}
      error={failed ? 'Failed to delete collection. Please try again.' : null}
      onClose={close}
      onConfirm={() => {
        if (!collection) return;
        setFailed(false);
        remove.mutate(collection.id, {
          onSuccess: () => {
            onClose();
            onDeleted?.();
          },
          onError: () => setFailed(true),
        });
      }}
    />
  );
}
