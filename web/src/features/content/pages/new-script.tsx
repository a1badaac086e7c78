import type { ContentItem } from '@cw/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/spinner';
import { callApi } from '../../../lib/api-client';
import { collectionQueryOptions } from '../../../lib/api/collections';
import { contentKeys, contentQueryOptions } from '../../../lib/api/contents';
import { useCurrentUser } from '../../../lib/current-user';
import { announceTrashed } from '../../../lib/trash-toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { createContent } from '../api/save-content';
import { documentName } from '../collab/collab-session';
import { useCollabField, useCollabSession, useCollabTransport } from '../collab/use-collab-session';
import { TITLE_MAX } from '../components/content-fields';
import { ContentForm, type FieldValues } from '../components/content-form';
import { WritingHeader } from '../components/writing-header';
import { useFieldSaver, usePickers, usePresence } from './writing-hooks';

/** The local document of a script not created yet (kept on this device, per person). */
const NEW_DOCUMENT = 'content:new';

/**
 * Create New Content (`?collection=ID` starts in that collection). Started from a collection
 * an editor was invited to, the item is written into it with no tags (tags are per person),
 * and the page goes back to that collection's content afterwards.
 */
export function NewScript() {
  useDocumentTitle('Create New Content', 'Your Content');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const connect = useCollabTransport();
  const presence = usePresence();
  const [searchParams] = useSearchParams();
  const startParam = Number(searchParams.get('collection'));
  const startIn = Number.isInteger(startParam) && startParam > 0 ? startParam : null;
  const { props: pickers, collections } = usePickers(user.id);
  const saveFields = useFieldSaver();
  const [item, setItem] = useState<ContentItem | null>(null);

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

  // The one creation of this script: kept once it succeeded, so a call that comes before React
  // has rendered with `item` (a Create click right after the first words made the item, with the
  // form's buttons rendered later than the text: decision 262) gets the same item, never a second.
  // A failed attempt is forgotten, so the next call tries again.
  const creation = useRef<Promise<ContentItem> | null>(null);
  const ensureItem = useCallback(
    (fields: FieldValues): Promise<ContentItem> => {
      if (item) return Promise.resolve(item);
      if (creation.current) return creation.current;
      const attempt = (async () => {
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
      })();
      creation.current = attempt;
      attempt.catch(() => {
        if (creation.current === attempt) creation.current = null;
      });
      return attempt;
    },
    [item, local, user.id, queryClient],
  );

  if ((startIn !== null && collections.isPending) || (askShared && start.isPending)) {
    return <PageSpinner label="Loading..." />;
  }
  const session = ready && shared ? shared : (local ?? (handedOver ? shared : null));

  return (
    <section>
      <WritingHeader
        title="Create New Content"
        role={sharedStart?.role}
        note={sharedStart && `In ${sharedStart.name}, shared by ${sharedStart.owner_name}`}
      />
      <ContentForm
        item={item}
        session={session}
        statusOf={shared}
        start={{ title: initialTitle, collections: initialCollections }}
        {...pickers}
        fixedLinks={
          sharedStart
            ? { collections: [{ id: sharedStart.id, name: sharedStart.name }], tags: [] }
            : undefined
        }
        mode="create"
        ensureItem={ensureItem}
        saveFields={saveFields}
        leaveTo={after}
        onCancel={() => {
          void local?.clearLocal();
          // Cancel on a script its first words already created: it goes to the trash (Undo).
          if (item) {
            void callApi('contents.remove', { params: { id: item.id } }).then(() => {
              announceTrashed('content', item.id);
              return queryClient.invalidateQueries({ queryKey: contentKeys.all });
            });
          }
        }}
      />
    </section>
  );
}
