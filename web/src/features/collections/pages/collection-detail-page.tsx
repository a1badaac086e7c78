import type { Collection } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import { FolderX, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { Button } from '../../../components/button';
import { NotFoundState } from '../../../components/empty-state';
import { FlashMessage } from '../../../components/flash-message';
import { MemberAvatars } from '../../../components/member-avatars';
import { RoleBadge } from '../../../components/role-badge';
import { PageSpinner } from '../../../components/spinner';
import { collectionKeys } from '../../../lib/api/collections';
import { useDetailAccessWatch, type CollectionsNotice } from '../../../lib/collection-access';
import { can } from '../../../lib/roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCollection } from '../api/get-collection';
import { ActivityList } from '../components/activity-list';
import { CollectionDetails } from '../components/collection-details';
import { CollectionTabs } from '../components/collection-tabs';
import { CollectionTitle } from '../components/collection-title';
import { DeleteCollectionDialog } from '../components/delete-collection-dialog';
import { ShareDialog } from '../components/share-dialog';
import { useCollectionEdit } from '../components/use-collection-edit';

/**
 * /collections/{id}: Loading..., then the collection or Collection not found (docs/product.md,
 * "Screens and routes", "Error catalogue"). A collection shared with the person shows their
 * role and only the controls it allows; it is asked again every 10 s and on focus, and when it
 * answers 404 (the person was removed, or it was deleted) the page goes back to the list,
 * which says so.
 */
export function CollectionDetailPage() {
  const { id } = useParams();
  const collectionId = Number(id);
  const collection = useCollection(collectionId);
  useDocumentTitle(collection.data?.name, 'Collections');
  useDetailAccessWatch(
    collection,
    collectionKeys.all,
    collectionId,
    pathOf('collections.get', { id: collectionId }),
  );

  if (Number.isInteger(collectionId) && collectionId > 0 && collection.isPending) {
    return <PageSpinner label="Loading..." />;
  }
  if (!collection.data) {
    return (
      <NotFoundState
        icon={FolderX}
        title="Collection not found"
        back="/collections"
        backLabel="Back to collections"
      />
    );
  }
  return <CollectionView collection={collection.data} />;
}

function CollectionView({ collection }: { collection: Collection }) {
  const navigate = useNavigate();
  const manage = can.manage(collection.role);
  const [sharing, setSharing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const edit = useCollectionEdit(collection.id);

  return (
    <div>
      <BackLink to="/collections">Collections</BackLink>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          {manage ? (
            <CollectionTitle
              key={collection.name}
              name={collection.name}
              onRename={(name) =>
                edit.patch({ name }, 'Failed to rename the collection. Please try again.')
              }
            />
          ) : (
            <>
              <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900">
                {collection.name}
              </h1>
              <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <RoleBadge role={collection.role} />
                <span>Shared by {collection.owner_name}</span>
              </p>
            </>
          )}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 self-start">
          <MemberAvatars
            members={collection.members_preview}
            total={collection.member_count}
            className="mr-1"
          />
          {manage ? (
            <>
              <Button size="sm" icon={UserPlus} onClick={() => setSharing(true)}>
                Share
              </Button>
              <Button variant="secondary" size="sm" icon={Trash2} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="sm" icon={Users} onClick={() => setSharing(true)}>
              Members
            </Button>
          )}
        </div>
      </div>
      <FlashMessage message={edit.flash.message} className="mb-4" />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <CollectionTabs collectionId={collection.id} role={collection.role} />
        <div className="flex min-w-0 flex-col gap-6">
          <CollectionDetails collection={collection} edit={edit} />
          <ActivityList collectionId={collection.id} />
        </div>
      </div>

      {manage && (
        <DeleteCollectionDialog
          collection={deleting ? collection : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate('/collections', { replace: true })}
        />
      )}
      <ShareDialog
        collection={collection}
        open={sharing}
        onClose={() => setSharing(false)}
        onLeft={() => {
          const state: CollectionsNotice = {
            notice: `You left ${collection.name}.`,
            tone: 'success',
          };
          void navigate('/collections', { replace: true, state });
        }}
      />
    </div>
  );
}
