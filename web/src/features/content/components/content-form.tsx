import { clsx } from 'clsx';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { useCollabField } from '../collab/use-collab-session';
import { AttachmentsField } from './attachments-field';
import { AfterWritingSurface, FormActions, TitleField } from './content-form-parts';
import {
  fieldsOf,
  keyOf,
  REDIRECT_DELAY_MS,
  titleError,
  useHasText,
  type ContentFormProps,
  type FieldValues,
} from './content-fields';
import { FixedLinks, JumpToDetails, LinkPickers, linksOf } from './content-links';
import { FormSaveStatus, LostAccessNotice } from './form-save-status';
import { PublishDateField } from './publish-date-field';
import { useAttachments } from './use-attachments';
import { useAutosave } from './use-autosave';
import { useCreateOnFirstWords } from './use-create-on-first-words';
import { WhoIsHere } from './who-is-here';
import { useDetailsBeside } from './use-writing-room';
import { WritingSurface } from './writing-surface';
import { Backlinks } from './backlinks';
import { useWikilinks } from '../../../lib/api/links';

export { REDIRECT_DELAY_MS, TITLE_MAX, type FieldValues } from './content-fields';

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
  session,
  statusOf,
  readOnly = false,
  start = { title: '', collections: [] },
  tags,
  tagsLoading,
  collections,
  collectionsLoading,
  onCreateTag,
  mode,
  ensureItem,
  saveFields,
  leaveTo,
  onCancel,
  fixedLinks,
}: ContentFormProps) {
  const baseline = useMemo<FieldValues>(
    () =>
      item
        ? fieldsOf(item)
        : { title: start.title, tags: [], collections: start.collections, files: [] },
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
  const user = useCurrentUser().id;
  // The server closed the document for this person: nothing can change any more.
  const lost = useCollabField(statusOf, 'lost');
  const frozen = readOnly || lost;
  const locked = pending || done || frozen;
  const hasText = useHasText(session);
  const details = useDetailsBeside();
  const navigate = useNavigate();
  const leaving = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);

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
  const wikilinks = useWikilinks(itemId, { live: true });
  const { settle: settleFiles, addImage } = attachments;
  const uploadImage = useCallback((file: File) => addImage(file, itemId), [addImage, itemId]);
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

  const createFailed = useCreateOnFirstWords({
    itemId,
    session,
    hasText,
    idle: frozen || done,
    values,
    ensureItem,
    markSaved: autosave.markSaved,
  });

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
      leaving.current = setTimeout(() => void navigate(leaveTo), REDIRECT_DELAY_MS);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className={clsx(
        'grid grid-cols-1 gap-6',
        details.open && 'xl:grid-cols-[minmax(0,1fr)_20rem]',
      )}
    >
      <div className="min-w-0 space-y-4">
        {lost && <LostAccessNotice />}
        <JumpToDetails files={attachments.items.length} />
        <TitleField
          value={title}
          error={errors.title}
          disabled={locked}
          onChange={(next) => {
            setTitle(next);
            if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
          }}
        />
        {session ? (
          <WritingSurface
            session={session}
            title={title}
            error={hasText ? undefined : errors.content}
            readOnly={frozen || done}
            wikilinks={wikilinks}
            uploadImage={uploadImage}
            presence={<WhoIsHere awareness={session.awareness} me={user} />}
            details={details}
            comments={itemId === null ? null : { contentId: itemId, me: user }}
            status={
              lost ? null : (
                <FormSaveStatus
                  session={statusOf}
                  fields={itemId === null ? null : autosave.state}
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
        className={clsx(
          'min-w-0 space-y-5 self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 focus:outline-none',
          details.open && 'xl:sticky xl:top-24',
        )}
      >
        <AfterWritingSurface ready={session !== null}>
          {fixedLinks || frozen ? (
            <FixedLinks {...(fixedLinks ?? linksOf(item))} />
          ) : (
            <LinkPickers
              collections={collections}
              collectionsLoading={collectionsLoading}
              selectedCollections={selectedCollections}
              onChangeCollections={setSelectedCollections}
              tags={tags}
              tagsLoading={tagsLoading}
              selectedTags={selectedTags}
              onChangeTags={setSelectedTags}
              onCreateTag={onCreateTag}
              disabled={locked}
            />
          )}
          {item && <PublishDateField item={item} disabled={frozen} />}
          {!frozen && <AttachmentsField state={attachments} />}
          {itemId !== null && <Backlinks contentId={itemId} panel={false} />}
          <FormActions
            mode={mode}
            state={{ pending, done, failed, frozen, uploading: attachments.uploading }}
            onLeave={() => {
              attachments.discardUploads();
              onCancel?.();
              void navigate(leaveTo);
            }}
          />
        </AfterWritingSurface>
      </div>
    </form>
  );
}
