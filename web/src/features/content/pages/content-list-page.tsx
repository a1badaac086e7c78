import type { ContentItem } from '@cw/contract';
import { FilePlus2, Plus } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useContents } from '../api/list-contents';
import { ContentCard } from '../components/content-card';
import { DeleteContentDialog } from '../components/delete-content-dialog';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /content: Your Content. A failed load shows an empty list (docs/product.md §8). */
export function ContentListPage() {
  useDocumentTitle('Your Content');
  const user = useCurrentUser();
  const contents = useContents(user.id);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const items = contents.data?.pages.flatMap((page) => page.results) ?? [];
  const total = contents.data?.pages[0]?.count ?? 0;

  return (
    <section>
      <PageHeader
        title="Your Content"
        description="Scripts, notes and drafts, written in markdown."
        actions={
          <ButtonLink to="/content/create">
            <Plus className="size-4" aria-hidden="true" />
            New Content
          </ButtonLink>
        }
      />
      {contents.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading content..." />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<FilePlus2 className="size-6" aria-hidden="true" />}
          title="No content found."
          description="Click + New Content to get started!"
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <ContentCard key={item.id} item={item} onDelete={setDeleting} />
            ))}
          </div>
          <LoadMore
            shown={items.length}
            total={Math.max(total, items.length)}
            hasMore={contents.hasNextPage}
            loading={contents.isFetchingNextPage}
            error={contents.isFetchNextPageError}
            onLoadMore={() => void contents.fetchNextPage()}
          />
        </>
      )}
      <DeleteContentDialog item={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
