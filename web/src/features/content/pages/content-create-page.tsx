import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RoleBadge } from '../../../components/role-badge';
import { PageSpinner } from '../../../components/spinner';
import { collectionQueryOptions } from '../../../lib/api/collections';
import { useCurrentUser } from '../../../lib/current-user';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { usePickerCollections } from '../api/list-collections';
import { useCreateContent } from '../api/save-content';
import { ContentForm, REDIRECT_DELAY_MS } from '../components/content-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * /content/create: Create New Content (`?collection=ID` starts in that collection). Started
 * from a collection an editor was invited to, the item is written into it with no tags
 * (tags are per person), and the page goes back to that collection's content afterwards.
 */
export function ContentCreatePage() {
  useDocumentTitle('Create New Content', 'Your Content');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const startParam = Number(searchParams.get('collection'));
  const startIn = Number.isInteger(startParam) && startParam > 0 ? startParam : null;
  const tags = useAllTags(user.id);
  const collections = usePickerCollections(user.id);
  const createTag = useCreateTag(user.id);
  const create = useCreateContent(user.id);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A start collection that is not one of the person's own may be one shared with them.
  const own = collections.data?.some((collection) => collection.id === startIn) ?? false;
  const askShared = startIn !== null && collections.isSuccess && !own;
  const start = useQuery({ ...collectionQueryOptions(startIn ?? 0), enabled: askShared });
  if ((startIn !== null && collections.isPending) || (askShared && start.isPending)) {
    return <PageSpinner label="Loading..." />;
  }
  const sharedStart = askShared && start.data?.role === 'editor' ? start.data : null;
  const initialCollections = sharedStart || (startIn !== null && !askShared) ? [startIn!] : [];
  const after = sharedStart ? `/collections/${sharedStart.id}?tab=content` : '/content';

  return (
    <section>
      <PageHeader
        title="Create New Content"
        description={
          sharedStart ? (
            <span className="flex flex-wrap items-center gap-2">
              <RoleBadge role={sharedStart.role} />
              <span>
                In {sharedStart.name}, shared by {sharedStart.owner_name}
              </span>
            </span>
          ) : undefined
        }
      />
      <ContentForm
        user={user.id}
        initialCollections={initialCollections}
        // A failed tag load gives an empty list (docs/product.md §8).
        tags={tags.data ?? []}
        tagsLoading={tags.isPending}
        collections={collections.data ?? []}
        collectionsLoading={collections.isPending}
        fixedLinks={
          sharedStart
            ? { collections: [{ id: sharedStart.id, name: sharedStart.name }], tags: [] }
            : undefined
        }
        onCreateTag={(name) => createTag.mutateAsync(name)}
        submitLabel="Create"
        pendingLabel="Creating..."
        pending={create.isPending}
        done={done}
        message={
          done
            ? { tone: 'success', text: 'Content created!' }
            : create.isError
              ? { tone: 'error', text: 'Failed to create content.' }
              : null
        }
        onSubmit={(values, afterSave) =>
          create.mutate(values, {
            onSuccess: () => {
              afterSave();
              setDone(true);
              timer.current = setTimeout(() => void navigate(after), REDIRECT_DELAY_MS);
            },
          })
        }
        onCancel={(discardUploads) => {
          discardUploads();
          void navigate(sharedStart ? `/collections/${sharedStart.id}?tab=content` : '/content');
        }}
      />
    </section>
  );
}
