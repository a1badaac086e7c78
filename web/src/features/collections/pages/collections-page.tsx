import type { Collection } from '@cw/contract';
import { FolderPlus, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { FormMessage } from '../../../components/form-message';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { isCollectionsNotice, type CollectionsNotice } from '../../../lib/collection-access';
import { useCurrentUser } from '../../../lib/current-user';
import { useCollections, useSharedCollections } from '../api/list-collections';
import { CollectionCard } from '../components/collection-card';
import { CreateCollectionModal } from '../components/create-collection-modal';
import { DeleteCollectionDialog } from '../components/delete-collection-dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * /collections: My Collections (docs/product.md, "Screens and routes"), then "Shared with me" when
 * others shared collections with the person (docs/product.md, "Sharing a collection: co-creators").
 * A failed load only ends the loading state ("Error catalogue"). A notice brought by the router
 * (access to a collection ended, or the person left one) shows once at the top.
 */
export function CollectionsPage() {
  useDocumentTitle('My Collections');
  const user = useCurrentUser();
  const collections = useCollections(user.id);
  const notice = useArrivalNotice();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Collection | null>(null);

  const items = collections.data?.pages.flatMap((page) => page.results) ?? [];
  const total = collections.data?.pages[0]?.count ?? 0;
  const createButton = (
    <Button icon={Plus} onClick={() => setCreating(true)}>
      Create Collection
    </Button>
  );

  return (
    <section>
      <PageHeader
        title="My Collections"
        description="Group your ideas, episodes and projects."
        actions={createButton}
      />
      {notice && (
        <FormMessage tone={notice.tone ?? 'error'} className="mb-6">
          {notice.notice}
        </FormMessage>
      )}
      {collections.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading collections..." />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={FolderPlus}
          title="No collections found."
          description="Start by creating your first collection!"
          action={createButton}
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((collection) => (
              <CollectionCard key={collection.id} collection={collection} onDelete={setDeleting} />
            ))}
          </div>
          <LoadMore shown={items.length} total={total} pages={collections} />
        </>
      )}
      <SharedWithMe user={user.id} />
      <CreateCollectionModal open={creating} user={user.id} onClose={() => setCreating(false)} />
      <DeleteCollectionDialog collection={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

/**
 * The notice the router brought (`state.notice`), kept for this visit; the history entry loses
 * it, so a reload or Back does not show it again.
 */
function useArrivalNotice(): CollectionsNotice | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => (isCollectionsNotice(location.state) ? location.state : null));
  useEffect(() => {
    if (isCollectionsNotice(location.state)) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);
  return notice;
}

/**
 * "Shared with me": collections others shared with the person, each with its owner's name and the
 * person's role. Left out while there are none (and when the list fails, silently: "Error
 * catalogue").
 */
function SharedWithMe({ user }: { user: number }) {
  const shared = useSharedCollections(user);
  const items = (shared.data?.pages.flatMap((page) => page.results) ?? []).filter(
    (collection) => collection.role !== 'owner',
  );
  const total = shared.data?.pages[0]?.count ?? 0;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="shared-with-me-heading" className="mt-10">
      <h2 id="shared-with-me-heading" className="text-lg font-semibold text-slate-900">
        Shared with me
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">Collections others invited you to.</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((collection) => (
          <CollectionCard key={collection.id} collection={collection} />
        ))}
      </div>
      <LoadMore shown={items.length} total={total} pages={shared} />
    </section>
  );
}
