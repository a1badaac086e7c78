import type { ContentItem, ContentPatchBody } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RoleBadge } from '../../../components/role-badge';
import { PageSpinner } from '../../../components/spinner';
import { collectionQueryOptions } from '../../../lib/api/collections';
import { contentKeys, contentQueryOptions } from '../../../lib/api/contents';
import { useAllTags, useCreateTag } from '../../../lib/api/tags';
import { useDetailAccessWatch } from '../../../lib/collection-access';
import { useCurrentUser } from '../../../lib/current-user';
import { fullName } from '../../../lib/format';
import { can, changedByOther } from '../../../lib/roles';
import { announceTrashed } from '../../../lib/trash-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContent } from '../api/get-content';
import { usePickerCollections } from '../api/list-collections';
import { createContent, updateContent } from '../api/save-content';
import { callApi } from '../../../lib/api-client';
import { documentName, presenceColor } from '../collab/collab-session';
import { useCollabField, useCollabSession, useCollabTransport } from '../collab/use-collab-session';
import { ContentForm, REDIRECT_DELAY_MS, type FieldValues } from '../components/content-form';
import { ContentNotFound } from '../components/content-not-found';
import { TITLE_MAX } from '../components/content-fields';

/** The local document of a script not created yet (kept on this device, per person). */
const NEW_DOCUMENT = 'content:new';

/**
 * /content/create and /content/{id}/edit: the one writing page (docs/decisions/199). A new script
 * is written into a document kept on this device; its first words create the item (POST, titled
 * Untitled until a title is typed), the address becomes the item's, and the text moves into the
 * item's shared document without a keystroke lost (CodeEditor). An item opens its shared document
 * at once; a viewer reads along (the text and who is here, nothing to change).
 */
export function ContentWritingPage() {
  const { id } = useParams();
  const location = useLocation();
  // Each visit of /content/create is a new script (a new history entry has a new key).
  if (id === undefined) return <NewScript key={location.key} />;
  return <ExistingScript key={id} id={Number(id)} />;
}

function useFieldSaver() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: number, body: ContentPatchBody) => {
      const item = await updateContent(id, body);
      queryClient.setQueryData(contentQueryOptions(id).queryKey, item);
      void queryClient.invalidateQueries({
        queryKey: contentKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
    [queryClient],
  );
}

/**
 * The tag and collection pickers' lists and the tag maker, as the form takes them (`props`; a
 * failed tag load gives an empty list: docs/product.md, "Error catalogue"), and the collections'
 * query itself.
 */
function usePickers(user: number) {
  const tags = useAllTags(user);
  const collections = usePickerCollections(user);
  const createTag = useCreateTag(user);
  const props = {
    tags: tags.data ?? [],
    tagsLoading: tags.isPending,
    collections: collections.data ?? [],
    collectionsLoading: collections.isPending,
    onCreateTag: (name: string) => createTag.mutateAsync(name),
  };
  return { props, collections };
}

function usePresence() {
  const user = useCurrentUser();
  return { id: user.id, name: fullName(user) || user.email, ...presenceColor(user.id) };
}

/**
 * Create New Content (`?collection=ID` starts in that collection). Started from a collection
 * an editor was invited to, the item is written into it with no tags (tags are per person),
 * and the page goes back to that collection's content afterwards.
 */
function NewScript() {
  useDocumentTitle('Create New Content', 'Your Content');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connect = useCollabTransport();
  const presence = usePresence();
  const [searchParams] = useSearchParams();
  const startParam = Number(searchParams.get('collection'));
  const startIn = Number.isInteger(startParam) && startParam > 0 ? startParam : null;
  const { props: pickers, collections } = usePickers(user.id);
  const saveFields = useFieldSaver();
  const [item, setItem] = useState<ContentItem | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const [handedOver, setHandedOver] = useState(false);
  const local = useCollabSession(
    handedOver ? null : { name: NEW_DOCUMENT, user: user.id, connect: null },
    handedOver ? 'none' : `new:${user.id}`,
  );
  const shared = useCollabSession(
    item
      ? {
          name: documentName(item.id),
          user: user.id,
          connect,
          presence,
        }
      : null,
    item ? `content:${item.id}` : 'none',
  );
  const sharedSynced = useCollabField(shared, 'synced');
  const sharedLost = useCollabField(shared, 'lost');
  // Once the item's document has arrived, the editor moves to it (the words on screen go
  // with it: CodeEditor), and the copy kept for the new script is forgotten.
  const ready = shared !== null && sharedSynced;
  useEffect(() => {
    if (!ready || !local || handedOver) return;
    const hand = setTimeout(() => {
      void local.clearLocal();
      setHandedOver(true);
    }, 0);
    return () => clearTimeout(hand);
  }, [ready, local, handedOver]);

  // A start collection that is not one of the person's own may be one shared with them.
  const own = collections.data?.some((collection) => collection.id === startIn) ?? false;
  const askShared = startIn !== null && collections.isSuccess && !own;
  const start = useQuery({ ...collectionQueryOptions(startIn ?? 0), enabled: askShared });
  const sharedStart = askShared && start.data?.role === 'editor' ? start.data : null;
  // A missing `[[…]]` link makes its item: the page starts with that title (decision 211).
  const initialTitle = (searchParams.get('title') ?? '').trim().slice(0, TITLE_MAX);
  const initialCollections = sharedStart || (startIn !== null && !askShared) ? [startIn!] : [];
  const after = sharedStart ? `/collections/${sharedStart.id}?tab=content` : '/content';

  const creation = useRef<Promise<ContentItem> | null>(null);
  const ensureItem = useCallback(
    (fields: FieldValues): Promise<ContentItem> => {
      if (item) return Promise.resolve(item);
      creation.current ??= (async () => {
        try {
          const made = await createContent(user.id, {
            ...fields,
            title: fields.title.trim() || 'Untitled',
            content: local?.text.toString() ?? '',
          });
          queryClient.setQueryData(contentQueryOptions(made.id).queryKey, made);
          void queryClient.invalidateQueries({ queryKey: contentKeys.all });
          setItem(made);
          // The address becomes the item's (a reload opens it), without the router: a route
          // change would make a new page, and the editor must stay while the text moves over.
          window.history.replaceState(window.history.state, '', `/content/${made.id}/edit`);
          return made;
        } finally {
          creation.current = null;
        }
      })();
      return creation.current;
    },
    [item, local, user.id, queryClient],
  );

  if ((startIn !== null && collections.isPending) || (askShared && start.isPending)) {
    return <PageSpinner label="Loading..." />;
  }
  const session = ready && shared ? shared : (local ?? (handedOver ? shared : null));

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
        item={item}
        user={user.id}
        session={session}
        statusOf={shared}
        lost={sharedLost}
        initialCollections={initialCollections}
        initialTitle={initialTitle}
        {...pickers}
        fixedLinks={
          sharedStart
            ? { collections: [{ id: sharedStart.id, name: sharedStart.name }], tags: [] }
            : undefined
        }
        submitLabel="Create"
        pendingLabel="Creating..."
        doneText="Content created!"
        failedText="Failed to create content."
        ensureItem={ensureItem}
        saveFields={saveFields}
        onDone={() => {
          timer.current = setTimeout(() => void navigate(after), REDIRECT_DELAY_MS);
        }}
        onCancel={(discardUploads) => {
          discardUploads();
          void local?.clearLocal();
          // Cancel on a script its first words already created: it goes to the trash (Undo).
          if (item) {
            void callApi('contents.remove', { params: { id: item.id } }).then(() => {
              announceTrashed('content', item.id);
              return queryClient.invalidateQueries({ queryKey: contentKeys.all });
            });
          }
          void navigate(after);
        }}
      />
    </section>
  );
}

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** An item: Edit Content for an owner or editor; a viewer reads along. */
function ExistingScript({ id }: { id: number }) {
  const item = useContent(id);
  useDocumentTitle(item.data && `Edit ${item.data.title}`, 'Your Content');
  useDetailAccessWatch(item, contentKeys.all, id, pathOf('contents.get', { id }));
  if (Number.isInteger(id) && id > 0 && item.isPending) {
    return <PageSpinner label="Loading..." />;
  }
  if (!item.data) return <ContentNotFound />;
  return <ItemWriting item={item.data} />;
}

function ItemWriting({ item }: { item: ContentItem }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const connect = useCollabTransport();
  const presence = usePresence();
  const { props: pickers } = usePickers(user.id);
  const patch = useFieldSaver();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const session = useCollabSession(
    { name: documentName(item.id), user: user.id, connect, presence },
    `content:${item.id}:${user.id}`,
  );
  const lost = useCollabField(session, 'lost');
  const readOnly = !can.write(item.role);
  // Tags and collections of an item someone else owns are theirs: never sent (a 403).
  const foreign = item.user !== user.id;
  const changedBy = changedByOther(item, user.id);
  const originalFiles = item.files.map((file) => file.id);

  const saveFields = useCallback(
    (id: number, values: ContentPatchBody) =>
      patch(
        id,
        foreign
          ? {
              title: values.title,
              ...(values.files && !sameIds(values.files, originalFiles)
                ? { files: values.files }
                : {}),
            }
          : values,
      ),
    // originalFiles is the item's list when the page opened; it never changes after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [patch, foreign],
  );

  return (
    <section>
      <PageHeader
        title={readOnly ? item.title : 'Edit Content'}
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
        session={session}
        statusOf={session}
        lost={lost}
        readOnly={readOnly}
        {...pickers}
        fixedLinks={
          foreign
            ? { collections: item.collections_named_list, tags: item.tags_named_list }
            : undefined
        }
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        doneText="Content updated!"
        failedText="Failed to update content."
        ensureItem={() => Promise.resolve(item)}
        saveFields={saveFields}
        onDone={() => {
          timer.current = setTimeout(() => void navigate(`/content/${item.id}`), REDIRECT_DELAY_MS);
        }}
        onCancel={(discardUploads) => {
          discardUploads();
          void navigate(`/content/${item.id}`);
        }}
      />
    </section>
  );
}
