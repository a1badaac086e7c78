import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useCreateContent } from '../api/save-content';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { ContentForm, REDIRECT_DELAY_MS } from '../components/content-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /content/create: Create New Content. */
export function ContentCreatePage() {
  useDocumentTitle('Create New Content', 'Your Content');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const tags = useAllTags(user.id);
  const createTag = useCreateTag(user.id);
  const create = useCreateContent(user.id);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <section>
      <PageHeader title="Create New Content" />
      <ContentForm
        // A failed tag load gives an empty list (docs/product.md §8).
        tags={tags.data ?? []}
        tagsLoading={tags.isPending}
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
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: () => {
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
