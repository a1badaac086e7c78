import type { ContentItem, ContentPatchBody } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../../components/spinner';
import { contentKeys } from '../../../lib/api/contents';
import { useDetailAccessWatch } from '../../../lib/collection-access';
import { useCurrentUser } from '../../../lib/current-user';
import { can, changedByOther } from '../../../lib/roles';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContent } from '../api/get-content';
import { documentName } from '../collab/collab-session';
import { useCollabSession, useCollabTransport } from '../collab/use-collab-session';
import { ContentForm } from '../components/content-form';
import { ContentNotFound } from '../components/content-not-found';
import { WritingHeader } from '../components/writing-header';
import { NewScript } from './new-script';
import { useFieldSaver, usePickers, usePresence } from './writing-hooks';

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
  const connect = useCollabTransport();
  const presence = usePresence();
  const { props: pickers } = usePickers(user.id);
  const patch = useFieldSaver();
  const session = useCollabSession(
    { name: documentName(item.id), user: user.id, connect, presence },
    `content:${item.id}:${user.id}`,
  );
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
      <WritingHeader
        title={readOnly ? item.title : 'Edit Content'}
        role={item.role}
        note={changedBy}
      />
      <ContentForm
        item={item}
        session={session}
        statusOf={session}
        readOnly={readOnly}
        {...pickers}
        fixedLinks={
          foreign
            ? { collections: item.collections_named_list, tags: item.tags_named_list }
            : undefined
        }
        mode="edit"
        ensureItem={() => Promise.resolve(item)}
        saveFields={saveFields}
        leaveTo={`/content/${item.id}`}
      />
    </section>
  );
}
