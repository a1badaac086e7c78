import type { Collection } from '@cw/contract';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { ShareMemberView } from './share-member-view';
import { ShareOwnerView } from './share-owner-view';

/**
 * Share (docs/product.md, "Sharing a collection: co-creators"). The owner invites by email with a
 * role, changes members' roles, removes them, and resends or revokes pending invitations. A member
 * sees who has access, read-only, and may leave the collection.
 */
export function ShareDialog({
  collection,
  open,
  onClose,
  onLeft,
}: {
  collection: Collection;
  open: boolean;
  onClose: () => void;
  /** The member left: the page moves away. */
  onLeft: () => void;
}) {
  const owner = collection.role === 'owner';
  return (
    <Modal
      open={open}
      title={owner ? 'Share collection' : 'People with access'}
      description={collection.name}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {owner ? (
        <ShareOwnerView collection={collection} />
      ) : (
        <ShareMemberView collection={collection} onLeft={onLeft} />
      )}
    </Modal>
  );
}
