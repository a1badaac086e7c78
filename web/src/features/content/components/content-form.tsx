import type { ContentItem, Tag } from '@cw/contract';
import { clsx } from 'clsx';
import { useCallback, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FlashMessage, useFlashMessage } from '../../../components/flash-message';
import { FormMessage } from '../../../components/form-message';
import { MarkdownEditor } from '../../../components/markdown-editor';
import { MarkdownPreview } from '../../../components/markdown-preview';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import type { ContentValues } from '../api/save-content';
import { AttachmentsField } from './attachments-field';
import { TagPicker } from './tag-picker';
import { useAttachments } from './use-attachments';

export const TITLE_MAX = 120;
/** Spec §4/§9: after "Content created!" the page moves on after 1200 ms. */
export const REDIRECT_DELAY_MS = 1200;

/**
 * The create/edit form (docs/product.md §2, §5): Title (required, ≤ 120, with a counter), Content
 * (markdown, required), Tags picker, Attachments; a live preview beside it on wide screens.
 */
export function ContentForm({
  item,
  tags,
  tagsLoading,
  onCreateTag,
  submitLabel,
  pendingLabel,
  pending,
  done,
  message,
  onSubmit,
  onCancel,
}: {
  item?: ContentItem;
  tags: Tag[];
  tagsLoading: boolean;
  onCreateTag: (name: string) => Promise<Tag>;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Saved: the form stays disabled while the page moves on. */
  done: boolean;
  message: { tone: 'success' | 'error'; text: string } | null;
  /** Saves; `afterSave` runs once it succeeded (cleans up removed files). */
  onSubmit: (values: ContentValues, afterSave: () => void) => void;
  onCancel: (discardUploads: () => void) => void;
}) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [content, setContent] = useState(item?.content ?? '');
  const [selectedTags, setSelectedTags] = useState<number[]>(item?.tags ?? []);
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const attachments = useAttachments(item?.files);
  const flash = useFlashMessage();
  const locked = pending || done;

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
    onSubmit(
      { title: title.trim(), content, tags: selectedTags, files: attachments.ids },
      attachments.purgeRemoved,
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

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <form
        noValidate
        onSubmit={submit}
        className="min-w-0 space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
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
        <MarkdownEditor
          label="Content"
          required
          rows={14}
          placeholder="Write your script or note in markdown…"
          value={content}
          error={errors.content}
          disabled={locked}
          onChange={(value) => {
            setContent(value);
            if (errors.content) setErrors((current) => ({ ...current, content: undefined }));
          }}
          aside={
            <span className="text-xs text-slate-500">
              {content.length.toLocaleString('en-US')} characters
            </span>
          }
        />
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
      </form>
      <section
        aria-label="Preview"
        className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:sticky lg:top-24 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto"
      >
        <h2 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Preview
        </h2>
        <h3
          className={clsx(
            'mb-3 text-xl font-bold [overflow-wrap:anywhere] text-slate-900',
            !title.trim() && 'text-slate-300',
          )}
        >
          {title.trim() || 'Untitled'}
        </h3>
        <MarkdownPreview text={content} />
      </section>
    </div>
  );
}
