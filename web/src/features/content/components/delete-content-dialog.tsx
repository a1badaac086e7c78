import type { ContentItem } from '@cw/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteContent } from '../api/save-content';

/** "Are you sure you want to delete {title}? This action cannot be undone." (spec §2). */
export function DeleteContentDialog({
  item,
  onClose,
  onDeleted,
}: {
  item: ContentItem | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteContent();
  const [failed, setFailed] = useState(false);

  function close() {
    if (remove.isPending) return;
    setFailed(false);
    onClose();
  }

  return (
    <ConfirmDialog
      open={item !== null}
      title="Delete Content"
      message={
        <>
          Are you sure you want to delete{' '}
          <strong className="font-semibold text-slate-900">{item?.title}</strong>? This action
          cannot be undone.
        </>
      }
      pending={remove.isPending}
      error={failed ? 'Failed to delete content.' : null}
      onClose={close}
      onConfirm={() => {
        if (!item) return;
        setFailed(false);
        remove.mutate(item.id, {
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
