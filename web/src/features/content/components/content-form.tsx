import type { Collection, ContentItem, ContentPatchBody, Tag } from '@cw/contract';
import { Paperclip } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react';
import { Button } from '../../../components/button';
import { FlashMessage, useFlashMessage } from '../../../components/flash-message';
import { FormMessage } from '../../../components/form-message';
import { TagChipList } from '../../../components/tag-chip';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useLeaveGuard } from '../../../lib/leave-guard';
import type { CollabSession } from '../collab/collab-session';
import { useCollabField } from '../collab/use-collab-session';
import { AttachmentsField } from './attachments-field';
import { CollectionPicker } from './collection-picker';
import { SaveStatus, type SaveStatusState } from './save-status';
import { TagPicker } from './tag-picker';
import { useAttachments } from './use-attachments';
import { useAutosave, type SaveState as AutosaveState } from './use-autosave';
import { WhoIsHere } from './who-is-here';
import { WritingSurface } from './writing-surface';

export const TITLE_MAX = 120;
/**
 * docs/product.md, "States and transitions" and "Business constants and limits": after "Content
 * created!" the page moves on after 1200 ms.
 */
export const REDIRECT_DELAY_MS = 1200;

/**
 * The fields that stay REST (the text is the shared document): saved by themselves after a pause.
 */
export interface FieldValues {
  title: string;
  tags: number[];
  collections: number[];
  files: number[];
}

const keyOf = (values: FieldValues) =>
  JSON.stringify([values.title.trim(), values.tags, values.collections, values.files]);

const fieldsOf = (item: ContentItem): FieldValues => ({
  title: item.title,
  tags: item.tags,
  collections: item.collections,
  files: item.files.map((file) => file.id),
});

function titleError(title: string): string | undefined {
  if (!title.trim()) return 'Title is required.';
  if (title.trim().length > TITLE_MAX) return `Title must be at most ${TITLE_MAX} characters.`;
  return undefined;
}

/** Whether the document holds any words, read when its text changes (not per render). */
function useHasText(session: CollabSession | null): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!session) return () => {};
      session.text.observe(listener);
      return () => session.text.unobserve(listener);
    },
    [session],
  );
  return useSyncExternalStore(
    subscribe,
    () => (session ? /\S/.test(session.text.toString()) : false),
    () => false,
  );
}

/**
 * The one writing page's form (docs/decisions/199): Title (required, ≤ 120, with a counter),
 * the writing surface on the item's shared document (Content, markdown, required), Collections
 * and Tags pickers, Attachments. The text is the document (saved as it is typed, kept on this
 * device when offline); the other fields save by themselves after a pause (PATCH, never the
 * text). The button (Create / Save Changes) checks the spec's rules, saves what waits and
 * moves on; leaving with fields not yet saved asks first.
 */
export function ContentForm({
  item,
  user,
  session,
  statusOf,
  lost = false,
  readOnly = false,
  initialCollections = [],
  tags,
  tagsLoading,
  collections,
  collectionsLoading,
  onCreateTag,
  submitLabel,
  pendingLabel,
  doneText,
  failedText,
  ensureItem,
  saveFields,
  onDone,
  onCancel,
  fixedLinks,
}: {
  /** The item, once it exists (a new script is created with its first words). */
  item: ContentItem | null;
  user: number;
  /** The document being written; null while it loads. */
  session: CollabSession | null;
  /** The session whose Saved / Saving / Offline the status shows (the item's, once it exists). */
  statusOf: CollabSession | null;
  /** The server closed the document for this person: nothing can change any more. */
  lost?: boolean;
  /** A viewer: the text and fields are shown, not changed. */
  readOnly?: boolean;
  /** Collections chosen at the start (`/content/create?collection=ID`). */
  initialCollections?: number[];
  tags: Tag[];
  tagsLoading: boolean;
  collections: Pick<Collection, 'id' | 'name'>[];
  collectionsLoading: boolean;
  onCreateTag: (name: string) => Promise<Tag>;
  submitLabel: string;
  pendingLabel: string;
  doneText: string;
  failedText: string;
  /** The item, created now if it is not yet (Create pressed before the first words reached it). */
  ensureItem: (fields: FieldValues) => Promise<ContentItem>;
  /** PATCHes the fields (never the text). */
  saveFields: (id: number, body: ContentPatchBody) => Promise<void>;
  /** Saved by the button: the page moves on after REDIRECT_DELAY_MS. */
  onDone: (item: ContentItem) => void;
  onCancel: (discardUploads: () => void) => void;
  /**
   * Collections and tags shown read-only instead of the pickers: an item someone else owns
   * (its tags are theirs), or a new item written into a collection shared with the person.
   */
  fixedLinks?: {
    collections: { id: number; name: string }[];
    tags: { id: number; name: string }[];
  };
}) {
  const baseline = useMemo<FieldValues>(
    () => ({
      title: item?.title ?? '',
      tags: item?.tags ?? [],
      collections: item?.collections ?? initialCollections,
      files: (item?.files ?? []).map((file) => file.id),
    }),
    // The form starts from these once; later changes of the item do not reset typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [title, setTitle] = useState(baseline.title);
  const [selectedTags, setSelectedTags] = useState<number[]>(baseline.tags);
  const [selectedCollections, setSelectedCollections] = useState<number[]>(baseline.collections);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const attachments = useAttachments(item?.files);
  const flash = useFlashMessage();
  const frozen = readOnly || lost;
  const locked = pending || done || frozen;
  const hasText = useHasText(session);

  const values = useMemo<FieldValues>(
    () => ({
      title,
      tags: selectedTags,
      collections: selectedCollections,
      files: attachments.ids,
    }),
    [title, selectedTags, selectedCollections, attachments.ids],
  );
  const valuesKey = keyOf(values);
  const itemId = item?.id ?? null;
  const settleFiles = attachments.settle;
  const autosave = useAutosave({
    value: values,
    valueKey: valuesKey,
    savedKey: keyOf(baseline),
    // Not before the item exists, with a title the server would refuse, or while a file
    // uploads (its id is not known yet).
    enabled: itemId !== null && !locked && !attachments.uploading && !titleError(title),
    save: async (next) => {
      if (itemId === null) return;
      await saveFields(itemId, { ...next, title: next.title.trim() });
      settleFiles(next.files);
    },
  });

  // A new script's title waits in the page until its first words create it; an item's fields
  // until the autosave. Either way, leaving asks first (the text itself is never at risk).
  const unsaved =
    !done &&
    !frozen &&
    (itemId === null ? title.trim() !== '' : autosave.dirty && !titleError(title));
  useLeaveGuard(unsaved);

  const markSaved = autosave.markSaved;
  // The first words of a new script create it (ensureItem), with the fields as they are.
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  const creating = useRef(false);
  const [createFailed, setCreateFailed] = useState<'offline' | 'error' | null>(null);
  const create = useCallback(async () => {
    if (creating.current || itemId !== null) return;
    creating.current = true;
    try {
      // What the server holds now; the autosave sends what changed since (a title typed later).
      markSaved(keyOf(fieldsOf(await ensureItem(latest.current))));
      setCreateFailed(null);
    } catch (error) {
      setCreateFailed(error instanceof ApiRequestError && error.status === 0 ? 'offline' : 'error');
    } finally {
      creating.current = false;
    }
  }, [ensureItem, itemId, markSaved]);
  useEffect(() => {
    if (itemId !== null || !hasText || frozen || done) return;
    const soon = setTimeout(() => void create(), 0);
    return () => clearTimeout(soon);
  }, [itemId, hasText, frozen, done, create]);
  useEffect(() => {
    if (itemId !== null) return;
    const retry = () => {
      if (session && /\S/.test(session.text.toString())) void create();
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [itemId, session, create]);

  function validate() {
    const next: typeof errors = {};
    next.title = titleError(title);
    if (!session || !/\S/.test(session.text.toString())) next.content = 'Content is required.';
    setErrors(next);
    return !next.title && !next.content;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (locked || !validate()) return;
    setPending(true);
    setFailed(false);
    try {
      const saved = await ensureItem(values);
      const body = { ...values, title: values.title.trim() };
      // Created just now with these fields, or not: send what the server does not hold yet.
      if (keyOf(body) !== keyOf(fieldsOf(saved))) await saveFields(saved.id, body);
      autosave.markSaved(valuesKey);
      attachments.purgeRemoved();
      setDone(true);
      onDone(saved);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  const showFlash = flash.show;
  const createTag = useCallback(
    async (name: string) => {
      try {
        return await onCreateTag(name);
      } catch (error) {
        showFlash(
          error instanceof ApiRequestError && error.status === 400
            ? `Failed to create tag: ${error.fieldErrors.name ?? error.message}`
            : 'Failed to create tag. Please try again.',
        );
        throw error;
      }
    },
    [onCreateTag, showFlash],
  );

  const fieldsState = itemId === null ? null : autosave.state;

  const attachmentCount = attachments.items.length;
  const message = done
    ? { tone: 'success' as const, text: doneText }
    : failed
      ? { tone: 'error' as const, text: failedText }
      : null;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="min-w-0 space-y-4">
        {lost && (
          <div
            role="alert"
            className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            You no longer have access to this script. Its text stays here to read or copy, but it
            can no longer be changed.
          </div>
        )}
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 xl:hidden"
          onClick={() => {
            const panel = document.getElementById('content-details');
            panel?.scrollIntoView({ block: 'start' });
            panel?.focus({ preventScroll: true });
          }}
        >
          <Paperclip className="size-4" aria-hidden="true" />
          Collections, tags and attachments
          {attachmentCount > 0 &&
            ` (${attachmentCount} ${attachmentCount === 1 ? 'file' : 'files'})`}
        </button>
        <TextField
          label="Title"
          required
          maxLength={TITLE_MAX}
          value={title}
          error={errors.title}
          disabled={locked}
          hint={
            <span className="flex justify-end">
              {title.length}/{TITLE_MAX}
            </span>
          }
          onChange={(event) => {
            setTitle(event.target.value);
            if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
          }}
        />
        {session ? (
          <WritingSurface
            session={session}
            title={title}
            error={hasText ? undefined : errors.content}
            readOnly={frozen || done}
            presence={<WhoIsHere awareness={session.awareness} me={user} />}
            status={
              lost ? null : (
                <FormSaveStatus
                  session={statusOf}
                  fields={fieldsState}
                  creating={
                    itemId === null ? (createFailed ?? (hasText ? 'saving' : 'saved')) : null
                  }
                />
              )
            }
          />
        ) : (
          <div className="h-[calc(100dvh-11rem)] min-h-[24rem] animate-pulse rounded-lg bg-slate-100" />
        )}
      </div>
      <div
        id="content-details"
        tabIndex={-1}
        className="min-w-0 space-y-5 self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 focus:outline-none xl:sticky xl:top-24"
      >
        {fixedLinks || frozen ? (
          <>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">Collections</p>
              {(fixedLinks?.collections ?? item?.collections_named_list ?? []).length === 0 ? (
                <p className="text-sm text-slate-500 italic">In no collection</p>
              ) : (
                <ul className="space-y-1 text-sm text-slate-800" aria-label="Collections">
                  {(fixedLinks?.collections ?? item?.collections_named_list ?? []).map(
                    (collection) => (
                      <li key={collection.id} className="[overflow-wrap:anywhere]">
                        {collection.name}
                      </li>
                    ),
                  )}
                </ul>
              )}
            </div>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">Tags</p>
              {(fixedLinks?.tags ?? item?.tags_named_list ?? []).length === 0 ? (
                <p className="text-sm text-slate-500 italic">No tags</p>
              ) : (
                <TagChipList tags={fixedLinks?.tags ?? item?.tags_named_list ?? []} max={50} />
              )}
            </div>
          </>
        ) : (
          <>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">Collections</p>
              <CollectionPicker
                collections={collections}
                loading={collectionsLoading}
                selected={selectedCollections}
                onChange={setSelectedCollections}
                disabled={locked}
              />
            </div>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">Tags</p>
              <TagPicker
                tags={tags}
                loading={tagsLoading}
                selected={selectedTags}
                onChange={setSelectedTags}
                onCreate={createTag}
              />
              <FlashMessage message={flash.message} className="mt-2" />
            </div>
          </>
        )}
        {!frozen && <AttachmentsField state={attachments} />}
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => onCancel(attachments.discardUploads)}
          >
            {frozen ? 'Back' : 'Cancel'}
          </Button>
          {!frozen && (
            <Button type="submit" loading={pending} disabled={done || attachments.uploading}>
              {pending ? pendingLabel : attachments.uploading ? 'Uploading...' : submitLabel}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}

/**
 * Where the text and the fields stand. Only this line follows the document's Saved / Saving,
 * which flips on every keystroke: the form around it does not render per key.
 */
function FormSaveStatus({
  session,
  fields,
  creating,
}: {
  session: CollabSession | null;
  /** The fields' autosave (null before the item exists). */
  fields: AutosaveState | null;
  /** Before the item exists: what its creation stands at. */
  creating: SaveStatusState | null;
}) {
  const sync = useCollabField(session, 'sync');
  let status: SaveStatusState;
  if (creating !== null) status = creating;
  else if (sync === 'offline' || fields === 'offline') status = 'offline';
  else if (fields === 'error') status = 'error';
  else if (sync === 'saving' || fields === 'pending' || fields === 'saving') status = 'saving';
  else status = 'saved';
  return <SaveStatus state={status} />;
}
