import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { usePickerCollections } from '../api/list-collections';
import { useCreateContent } from '../api/save-content';
import { ContentForm, REDIRECT_DELAY_MS } from '../components/content-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /content/create: Create New Content (`?collection=ID` starts in that collection). */
export function ContentCreatePage() {
  useDocumentTitle('Create New Content', 'Your Content');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const startIn = Number(searchParams.get('collection'));
  const tags = useAllTags(user.id);
  const collections = usePickerCollections(user.id);
  const createTag = useCreateTag(user.id);
  const create = useCreateContent(user.id);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <section>
      <PageHeader title="Create New Content" />
      <ContentForm
        user={user.id}
        initialCollections={Number.isInteger(startIn) && startIn > 0 ? [startIn] : []}
        // A failed tag load gives an empty list (docs/product.md §8).
        tags={tags.data ?? []}
        tagsLoading={tags.isPending}
        collections={collections.data ?? []}
        collectionsLoading={collections.isPending}
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
              timer.current = setTimeout(() => void navigate('/content'), REDIRECT_DELAY_MS);
            },
          })
        }
        onCancel={(discardUploads) => {
          discardUploads();
          void navigate('/content');
        }}
      />
    </section>
  );
}
