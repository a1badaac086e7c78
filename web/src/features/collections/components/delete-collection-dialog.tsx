import type { Collection } from '@cw/contract';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useDeleteCollection } from '../api/delete-collection';

export function DeleteCollectionDialog({
  collection,
  onClose,
  onDeleted,
}: {
  collection: Collection | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  return (
    <DeleteDialog
      target={collection}
      title="Delete Collection"
      name={(c) => c.name}
      failureText="Failed to delete collection. Please try again."
      mutation={useDeleteCollection()}
      onClose={onClose}
      onDeleted={onDeleted}
      trash="collection"
    />
  );
}
