import type { Note } from '@cw/contract';
import { Plus } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { MarkdownEditor } from '../../../components/markdown-editor';
import { MarkdownPreview } from '../../../components/markdown-preview';
import { TagChip } from '../../../components/tag-chip';
import { inputClasses, TextField } from '../../../components/text-field';

export interface NoteValues {
  title: string;
  content: string;
  tags: string[];
}

/**
 * The note form (docs/product.md, "Screens and routes" and "Validation rules"): title, tags (Enter
 * or Add; trimmed, no empties or repeats; × removes), toolbar + markdown textarea, live Preview.
 * Submitting is ignored unless title and content are both non-blank.
 */
export function NoteForm({
  note,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  note?: Note;
  submitLabel: string;
  pending: boolean;
  error?: string | null;
  /** Resolve to clear the form (adding), or leave it as it is. */
  onSubmit: (values: NoteValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(note?.title ?? '');
  const [content, setContent] = useState(note?.content ?? '');
  const [tags, setTags] = useState<string[]>(note?.tags ?? []);
  const [tagDraft, setTagDraft] = useState('');
  const canSubmit = title.trim() !== '' && content.trim() !== '';

  function addTag() {
    const tag = tagDraft.trim();
    if (!tag) return;
    if (!tags.includes(tag)) setTags([...tags, tag]);
    setTagDraft('');
  }

  function onTagKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      addTag();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || pending) return;
    onSubmit({ title: title.trim(), content, tags })
      .then(() => {
        if (note) return;
        setTitle('');
        setContent('');
        setTags([]);
        setTagDraft('');
      })
      .catch(() => {
        // The parent shows the failure; the text stays for another try.
      });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={note ? 'Edit note' : 'Add note'}>
      <TextField
        label="Note title"
        placeholder="Note title"
        maxLength={200}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div>
        <label
          htmlFor={note ? `note-tag-${note.id}` : 'note-tag-new'}
          className="mb-1.5 block text-sm font-medium text-slate-700"
        >
          Note tags
        </label>
        <div className="flex gap-2">
          <input
            id={note ? `note-tag-${note.id}` : 'note-tag-new'}
            className={inputClasses}
            placeholder="Type a tag and press Enter"
            maxLength={50}
            value={tagDraft}
            onChange={(event) => setTagDraft(event.target.value)}
            onKeyDown={onTagKeyDown}
          />
          <Button variant="secondary" onClick={addTag} className="shrink-0">
            Add
          </Button>
        </div>
        {tags.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Note tags">
            {tags.map((tag) => (
              <li key={tag} className="max-w-full min-w-0">
                <TagChip
                  name={tag}
                  prefix="#"
                  onRemove={() => setTags(tags.filter((item) => item !== tag))}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <MarkdownEditor
        label="Note content"
        placeholder="Write in markdown…"
        rows={8}
        value={content}
        onChange={setContent}
      />
      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-700">Preview:</p>
        <MarkdownPreview
          text={content}
          className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50/60 p-4"
        />
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          disabled={!canSubmit}
          loading={pending}
          icon={note ? undefined : Plus}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
