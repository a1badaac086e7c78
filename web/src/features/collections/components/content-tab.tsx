import type { ContentItem, Role } from '@cw/contract';
import { FilePlus2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../components/button';
import { ContentCardGrid } from '../../../components/content-card';
import { DeleteDialog } from '../../../components/delete-dialog';
import { EmptyState } from '../../../components/empty-state';
import { NewFromTemplate } from '../../../components/new-from-template';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { can } from '../../../lib/roles';
import { useDeleteContent } from '../../../lib/api/contents';
import { useCollectionContents } from '../api/collection-contents';

/**
 * The collection's content items, as cards like on /content, and "New content" that starts
 * here (not for a viewer).
 */
export function ContentTab({ collectionId, role }: { collectionId: number; role: Role }) {
  const writable = can.write(role);
  const user = useCurrentUser();
  const contents = useCollectionContents(user.id, collectionId);
  const remove = useDeleteContent();
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const items = contents.data?.pages.flatMap((page) => page.results) ?? [];
  const total = contents.data?.pages[0]?.count ?? 0;
  const newContent = (
    <div className="flex flex-wrap gap-2">
      <NewFromTemplate collection={collectionId} />
      <ButtonLink to={`/content/create?collection=${collectionId}`} size="sm" icon={Plus}>
        New content
      </ButtonLink>
    </div>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {contents.isSuccess && `${total} ${total === 1 ? 'item' : 'items'} in this collection`}
        </p>
        {writable && newContent}
      </div>
      {contents.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading content..." />
        </div>
      ) : contents.isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p role="alert" className="text-sm text-red-600">
            Failed to load the content of this collection.
          </p>
          <Button variant="secondary" size="sm" onClick={() => void contents.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={FilePlus2}
          title="No content in this collection yet."
          description={
            role === 'owner'
              ? 'Write a script here, or add existing content to this collection from its edit page.'
              : writable
                ? 'Write a script here.'
                : undefined
          }
        />
      ) : (
        <ContentCardGrid
          items={items}
          total={total}
          pages={contents}
          onDelete={setDeleting}
          columns="sm:grid-cols-2"
        />
      )}
      <DeleteDialog
        target={deleting}
        title="Delete Content"
        name={(item) => item.title}
        failureText="Failed to delete content."
        mutation={remove}
        onClose={() => setDeleting(null)}
        trash="content"
      />
    </div>
  );
}
