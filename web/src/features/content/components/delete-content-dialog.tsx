import type { ContentItem } from '@cw/contract';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useDeleteContent } from '../../../lib/api/contents';

export function DeleteContentDialog({
  item,
  onClose,
  onDeleted,
}: {
  item: ContentItem | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  return (
    <DeleteDialog
      target={item}
      title="Delete Content"
      name={(i) => i.title}
      failureText="Failed to delete content."
      mutation={useDeleteContent()}
      onClose={onClose}
      onDeleted={onDeleted}
      trash="content"
    />
  );
}
