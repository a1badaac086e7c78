import type { ContentItem } from '@cw/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContent } from '../api/get-content';
import { usePickerCollections } from '../api/list-collections';
import { useAutosaveContent, useUpdateContent } from '../api/save-content';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { ContentForm } from '../components/content-form';
import { ContentNotFound } from '../components/content-not-found';
import { REDIRECT_DELAY_MS } from '../components/content-form';

/** /content/{id}/edit: the create form filled in, saved with PATCH. */
export function ContentEditPage() {
  const { id } = useParams();
  const contentId = Number(id);
  const item = useContent(contentId);
  useDocumentTitle(item.data && `Edit ${item.data.title}`, 'Your Content');
  if (Number.isInteger(contentId) && contentId > 0 && item.isPending) {
    return <PageSpinner label="Loading..." />;
  }
  if (!item.data) return <ContentNotFound />;
  return <EditForm item={item.data} />;
}

function EditForm({ item }: { item: ContentItem }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const tags = useAllTags(user.id);
  const createTag = useCreateTag(user.id);
  const collections = usePickerCollections(user.id);
  const update = useUpdateContent(item.id);
  const autosave = useAutosaveContent(item.id);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <section>
      <PageHeader title="Edit Content" />
      <ContentForm
        item={item}
        user={user.id}
        tags={tags.data ?? []}
        tagsLoading={tags.isPending}
        collections={collections.data ?? []}
        collectionsLoading={collections.isPending}
        saveDraft={autosave}
        onCreateTag={(name) => createTag.mutateAsync(name)}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        pending={update.isPending}
        done={done}
        message={
          done
            ? { tone: 'success', text: 'Content updated!' }
            : update.isError
              ? { tone: 'error', text: 'Failed to update content.' }
              : null
        }
        onSubmit={(values, afterSave) =>
          update.mutate(values, {
            onSuccess: () => {
              afterSave();
              setDone(true);
              timer.current = setTimeout(
                () => void navigate(`/content/${item.id}`),
                REDIRECT_DELAY_MS,
              );
            },
          })
        }
        onCancel={(discardUploads) => {
          discardUploads();
          void navigate(`/content/${item.id}`);
        }}
      />
    </section>
  );
}
