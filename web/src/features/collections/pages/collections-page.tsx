import type { Collection } from '@cw/contract';
import { FolderPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useCollections } from '../api/list-collections';
import { CollectionCard } from '../components/collection-card';
import { CreateCollectionModal } from '../components/create-collection-modal';
import { DeleteCollectionDialog } from '../components/delete-collection-dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /collections: My Collections (docs/product.md §2). A failed load only ends the loading state (§8). */
export function CollectionsPage() {
  useDocumentTitle('My Collections');
  const user = useCurrentUser();
  const collections = useCollections(user.id);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Collection | null>(null);

  const items = collections.data?.pages.flatMap((page) => page.results) ?? [];
  const total = collections.data?.pages[0]?.count ?? 0;
  const createButton = (
    <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setCreating(true)}>
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
      {collections.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading collections..." />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<FolderPlus className="size-6" aria-hidden="true" />}
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
          <LoadMore
            shown={items.length}
            total={Math.max(total, items.length)}
            hasMore={collections.hasNextPage}
            loading={collections.isFetchingNextPage}
            error={collections.isFetchNextPageError}
            onLoadMore={() => void collections.fetchNextPage()}
          />
        </>
      )}
      <CreateCollectionModal open={creating} user={user.id} onClose={() => setCreating(false)} />
      <DeleteCollectionDialog collection={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
