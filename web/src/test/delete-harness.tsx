import type { TrashType } from '@cw/contract';
import { useState } from 'react';
import { DeleteDialog, type DeleteMutation } from '../components/delete-dialog';

/**
 * A list row's Delete, reduced to a button ("Delete {label}") that opens DeleteDialog on one
 * object (id 7) of `kind`, with that kind's title and failure text.
 */
export function AskToDelete({
  kind,
  label,
  mutation,
  onDeleted,
  trash,
}: {
  kind: 'Collection' | 'Note';
  label: string;
  mutation: DeleteMutation;
  onDeleted?: () => void;
  trash?: TrashType;
}) {
  const [target, setTarget] = useState<{ id: number; label: string } | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget({ id: 7, label })}>
        Delete {label}
      </button>
      <DeleteDialog
        target={target}
        title={`Delete ${kind}`}
        name={(object) => object.label}
        failureText={`Failed to delete ${kind.toLowerCase()}. Please try again.`}
        mutation={mutation}
        onClose={() => setTarget(null)}
        onDeleted={onDeleted}
        trash={trash}
      />
    </>
  );
}
