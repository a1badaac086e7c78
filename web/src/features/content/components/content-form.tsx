import type { Collection, ContentItem, Tag } from '@cw/contract';
import { Paperclip } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FlashMessage, useFlashMessage } from '../../../components/flash-message';
import { FormMessage } from '../../../components/form-message';
import { TagChipList } from '../../../components/tag-chip';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import {
  clearDraft,
  readDraft,
  writeDraft,
  type ContentDraft,
  type DraftTarget,
} from '../../../lib/drafts';
import { formatDateTime } from '../../../lib/format';
import { useLeaveGuard } from '../../../lib/leave-guard';
import type { ContentValues } from '../api/save-content';
import { AttachmentsField } from './attachments-field';
import { CollectionPicker } from './collection-picker';
import { SaveStatus } from './save-status';
import { TagPicker } from './tag-picker';
import { useAttachments } from './use-attachments';
import { useAutosave } from './use-autosave';
import { WritingSurface } from './writing-surface';

export const TITLE_MAX = 120;
/** Spec §4/§9: after "Content created!" the page moves on after 1200 ms. */
export const REDIRECT_DELAY_MS = 1200;

/** What autosave keeps: the text fields (attachments are saved with the form's button). */
export interface DraftValues {
  title: string;
  content: string;
  tags: number[];
  collections: number[];
  /**
   * The attached files, in what an existing item's autosave sends (uploads live on the server
   * already); never kept in a local draft.
   */
  files?: number[];
}

const keyOf = (values: DraftValues) =>
  JSON.stringify([values.title, values.content, values.tags, values.collections]);

const sameAs = (draft: ContentDraft, values: DraftValues) => keyOf(draft) === keyOf(values);

/**
 * The create/edit form (docs/product.md §2, §5): Title (required, ≤ 120, with a counter), the
 * writing surface (Content, markdown, required), Collections and Tags pickers, Attachments.
 * Nothing typed is lost: the text saves by itself after a pause (`saveDraft`: to the server
 * for an item, to local storage for a new one), a stored draft is offered back (or restored
 * at once after a dead session), and leaving with unsaved changes asks first.
 */
export function ContentForm({
  item,
  user,
  initialCollections = [],
  tags,
  tagsLoading,
  collections,
  collectionsLoading,
  onCreateTag,
  submitLabel,
  pendingLabel,
  pending,
  done,
  message,
  saveDraft,
  onSubmit,
  onCancel,
  fixedLinks,
}: {
  item?: ContentItem;
  /** The signed-in user's id: drafts are kept per user. */
  user: number;
  /** Collections chosen at the start (`/content/create?collection=ID`). */
  initialCollections?: number[];
  tags: Tag[];
  tagsLoading: boolean;
  collections: Pick<Collection, 'id' | 'name'>[];
  collectionsLoading: boolean;
  onCreateTag: (name: string) => Promise<Tag>;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Saved: the form stays disabled while the page moves on. */
  done: boolean;
  message: { tone: 'success' | 'error'; text: string } | null;
  /** Saves the text of an existing item on the server (autosave); absent for a new item. */
  saveDraft?: (values: DraftValues) => Promise<void>;
  /** Saves; `afterSave` runs once it succeeded (cleans up removed files, forgets the draft). */
  onSubmit: (values: ContentValues, afterSave: () => void) => void;
  onCancel: (discardUploads: () => void) => void;
  /**
   * Collections and tags shown read-only instead of the pickers: an item someone else owns
   * (its tags are theirs; issue 18), or a new item written into a collection shared with the
   * person. The form keeps sending what it started with.
   */
  fixedLinks?: {
    collections: { id: number; name: string }[];
    tags: { id: number; name: string }[];
  };
}) {
  const target: DraftTarget = item?.id ?? 'new';
  const baseline = useMemo<DraftValues>(
    () => ({
      title: item?.title ?? '',
      content: item?.content ?? '',
      tags: item?.tags ?? [],
      collections: item?.collections ?? initialCollections,
    }),
    // The form starts from these once; later changes of the item do not reset typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [stored] = useState(() => {
    const draft = readDraft(user, target);
    return draft && !sameAs(draft, baseline) ? draft : null;
  });
  const [start] = useState<DraftValues>(() => (stored?.resume ? stored : baseline));
  /** A stored draft waiting for Restore or Discard. */
  const [offer, setOffer] = useState<ContentDraft | null>(stored?.resume ? null : stored);
  const [title, setTitle] = useState(start.title);
  const [content, setContent] = useState(start.content);
  const [selectedTags, setSelectedTags] = useState<number[]>(start.tags);
  const [selectedCollections, setSelectedCollections] = useState<number[]>(start.collections);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const attachments = useAttachments(item?.files);
  const flash = useFlashMessage();
  const locked = pending || done;

  const values = useMemo<DraftValues>(
    () => ({ title, content, tags: selectedTags, collections: selectedCollections }),
    [title, content, selectedTags, selectedCollections],
  );
  const valuesKey = keyOf(values);
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });

  const local = saveDraft === undefined;
  // An existing item's autosave sends its attachments too: a file added or removed is saved
  // like a word typed. A new item's local draft keeps the text only.
  const fileIds = attachments.ids;
  const autosaveValue = useMemo<DraftValues>(
    () => (local ? values : { ...values, files: fileIds }),
    [local, values, fileIds],
  );
  const [startFilesKey] = useState(() => (item?.files ?? []).map((file) => file.id).join());
  const filesKey = (ids: number[] | undefined) => (local ? '' : `|${(ids ?? []).join()}`);

  // A draft restored after a dead session is now the draft; it no longer resumes by itself.
  useEffect(() => {
    if (stored?.resume) writeDraft(user, target, { ...stored, resume: false });
  }, [stored, user, target]);

  const settleFiles = attachments.settle;
  const autosave = useAutosave({
    value: autosaveValue,
    valueKey: valuesKey + filesKey(fileIds),
    savedKey: keyOf(baseline) + (local ? '' : `|${startFilesKey}`),
    // Not while a file uploads: its id is not known yet.
    enabled: !offer && !locked && !attachments.uploading,
    save: async (next) => {
      const { files, ...text } = next;
      writeDraft(user, target, { ...text, savedAt: Date.now() });
      if (!saveDraft) return;
      const { title: nextTitle, content: nextContent } = next;
      // The server needs a title and content; until then the draft waits in the browser.
      if (!nextTitle.trim() || nextTitle.trim().length > TITLE_MAX || !nextContent.trim()) {
        throw new ApiRequestError(400, undefined, 'Title and content are required.');
      }
      await saveDraft({ ...next, title: nextTitle.trim() });
      if (files) settleFiles(files);
      if (keyOf(latest.current) === keyOf(next)) clearDraft(user, target);
    },
  });

  const unsaved = !done && (local ? valuesKey !== keyOf(baseline) : autosave.dirty);
  useLeaveGuard(unsaved, () =>
    writeDraft(user, target, { ...latest.current, savedAt: Date.now(), resume: true }),
  );

  // Leaving (a confirmed link, back, closing the tab) before the pause: keep the draft now.
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved && !offer;
  });
  useEffect(() => {
    const flush = () => {
      if (!unsavedRef.current) return;
      // A draft kept as the session died stays marked to resume after login.
      const resume = readDraft(user, target)?.resume;
      writeDraft(user, target, { ...latest.current, savedAt: Date.now(), resume });
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [user, target]);

  function restore(draft: ContentDraft) {
    setTitle(draft.title);
    setContent(draft.content);
    setSelectedTags(draft.tags);
    setSelectedCollections(draft.collections);
    setOffer(null);
  }

  function discard() {
    clearDraft(user, target);
    setOffer(null);
  }

  function validate() {
    const next: typeof errors = {};
    if (!title.trim()) next.title = 'Title is required.';
    else if (title.trim().length > TITLE_MAX)
      next.title = `Title must be at most ${TITLE_MAX} characters.`;
    if (!content.trim()) next.content = 'Content is required.';
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (locked || !validate()) return;
    const sentKey = valuesKey + filesKey(fileIds);
    onSubmit(
      {
        title: title.trim(),
        content,
        tags: selectedTags,
        collections: selectedCollections,
        files: attachments.ids,
      },
      () => {
        attachments.purgeRemoved();
        clearDraft(user, target);
        autosave.markSaved(sentKey);
      },
    );
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

  const onContentChange = useCallback((value: string) => {
    setContent(value);
    setErrors((current) => (current.content ? { ...current, content: undefined } : current));
  }, []);

  const attachmentCount = attachments.items.length;

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="min-w-0 space-y-4">
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
        {offer && (
          <div
            role="region"
            aria-label="Unsaved draft"
            className="flex flex-col gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
          >
            <p>
              You have an unsaved draft from {formatDateTime(new Date(offer.savedAt).toISOString())}
              {offer.title.trim() ? ` (“${offer.title.trim()}”)` : ''}.
            </p>
            <div className="flex shrink-0 gap-2">
              <Button size="sm" onClick={() => restore(offer)}>
                Restore
              </Button>
              <Button size="sm" variant="secondary" onClick={discard}>
                Discard
              </Button>
            </div>
          </div>
        )}
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
        <WritingSurface
          value={content}
          onChange={onContentChange}
          title={title}
          error={errors.content}
          disabled={locked}
          status={<SaveStatus state={autosave.state} local={local} />}
        />
      </div>
      <div
        id="content-details"
        tabIndex={-1}
        className="min-w-0 space-y-5 self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 focus:outline-none xl:sticky xl:top-24"
      >
        {fixedLinks ? (
          <>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">Collections</p>
              {fixedLinks.collections.length === 0 ? (
                <p className="text-sm text-slate-500 italic">In no collection</p>
              ) : (
                <ul className="space-y-1 text-sm text-slate-800" aria-label="Collections">
                  {fixedLinks.collections.map((collection) => (
                    <li key={collection.id} className="[overflow-wrap:anywhere]">
                      {collection.name}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700">Tags</p>
              {fixedLinks.tags.length === 0 ? (
                <p className="text-sm text-slate-500 italic">No tags</p>
              ) : (
                <TagChipList tags={fixedLinks.tags} max={50} />
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
        <AttachmentsField state={attachments} />
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => onCancel(attachments.discardUploads)}
          >
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={done || attachments.uploading}>
            {pending ? pendingLabel : attachments.uploading ? 'Uploading...' : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
