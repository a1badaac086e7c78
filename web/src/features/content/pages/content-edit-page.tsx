import type { ContentItem, ContentPatchBody } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RoleBadge } from '../../../components/role-badge';
import { PageSpinner } from '../../../components/spinner';
import { contentKeys } from '../../../lib/api/contents';
import { cachedRole, useLostAccessWatch } from '../../../lib/collection-access';
import { useCurrentUser } from '../../../lib/current-user';
import { can, changedByOther } from '../../../lib/roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContent } from '../api/get-content';
import { usePickerCollections } from '../api/list-collections';
import { useAutosaveContent, useUpdateContent, type ContentValues } from '../api/save-content';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { ContentForm, type DraftValues } from '../components/content-form';
import { ContentNotFound } from '../components/content-not-found';
import { REDIRECT_DELAY_MS } from '../components/content-form';

/**
 * /content/{id}/edit: the create form filled in, saved with PATCH. A viewer is sent to the
 * item's page; an item someone else owns is edited without its tags and collections (theirs).
 */
export function ContentEditPage() {
  const { id } = useParams();
  const contentId = Number(id);
  const item = useContent(contentId);
  const queryClient = useQueryClient();
  useDocumentTitle(item.data && `Edit ${item.data.title}`, 'Your Content');
  const role = item.data?.role ?? cachedRole(queryClient, contentKeys.all, contentId);
  useLostAccessWatch({
    shared: role !== undefined && role !== 'owner',
    error: item.error,
    path: pathOf('contents.get', { id: contentId }),
    recheck: () => void item.refetch(),
  });
  if (Number.isInteger(contentId) && contentId > 0 && item.isPending) {
    return <PageSpinner label="Loading..." />;
  }
  if (!item.data) return <ContentNotFound />;
  if (!can.write(item.data.role)) return <Navigate to={`/content/${item.data.id}`} replace />;
  return <EditForm item={item.data} />;
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

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
  // Tags and collections of an item someone else owns are theirs: never sent (a 403).
  const foreign = item.user !== user.id;
  const changedBy = changedByOther(item, user.id);
  const originalFiles = item.files.map((file) => file.id);

  // Files go with the text (the form sends them for an existing item); for someone else's
  // item, only when they changed, as on Save.
  const saveDraft = useCallback(
    (values: DraftValues) =>
      autosave(
        foreign
          ? {
              title: values.title,
              content: values.content,
              ...(values.files && !sameIds(values.files, originalFiles)
                ? { files: values.files }
                : {}),
            }
          : values,
      ),
    // originalFiles is the item's list when the form opened; it never changes after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [autosave, foreign],
  );

  function body(values: ContentValues): ContentPatchBody {
    if (!foreign) return values;
    return {
      title: values.title,
      content: values.content,
      ...(sameIds(values.files, originalFiles) ? {} : { files: values.files }),
    };
  }

  return (
    <section>
      <PageHeader
        title="Edit Content"
        description={
          item.role !== 'owner' || changedBy ? (
            <span className="flex flex-wrap items-center gap-2">
              <RoleBadge role={item.role} />
              {changedBy && <span>{changedBy}</span>}
            </span>
          ) : undefined
        }
      />
      <ContentForm
        item={item}
        user={user.id}
        tags={tags.data ?? []}
        tagsLoading={tags.isPending}
        collections={collections.data ?? []}
        collectionsLoading={collections.isPending}
        fixedLinks={
          foreign
            ? { collections: item.collections_named_list, tags: item.tags_named_list }
            : undefined
        }
        saveDraft={saveDraft}
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
          update.mutate(body(values), {
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
