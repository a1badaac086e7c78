import type { Tag } from '@cw/contract';
import { GitMerge, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { TagChip } from '../../../components/tag-chip';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCount } from '../../../lib/format';
import { useRenameTag } from '../api/manage-tags';

/** "Not used", "1 use", "12 uses" */
export function usageLabel(count: number): string {
  if (count === 0) return 'Not used';
  return `${formatCount(count)} ${count === 1 ? 'use' : 'uses'}`;
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * One tag of /tags: its chip (a link to the content it is on), its count of uses, and Rename
 * (inline, showing the server's validation message), Merge and Delete.
 */
export function TagRow({
  tag,
  canMerge,
  onMerge,
  onDelete,
}: {
  tag: Tag;
  canMerge: boolean;
  onMerge: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}) {
  const user = useCurrentUser();
  const rename = useRenameTag(user.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Leaving the inline form gives the focus back to Rename.
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function startEditing() {
    setName(tag.name);
    setError(null);
    rename.reset();
    setEditing(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name === tag.name) {
      setEditing(false);
      return;
    }
    setError(null);
    rename.mutate(
      { id: tag.id, name },
      {
        onSuccess: () => setEditing(false),
        onError: (failure) =>
          setError(
            failure instanceof ApiRequestError && failure.hasBody
              ? (failure.fieldErrors.name ?? failure.message)
              : 'Failed to rename the tag. Please try again.',
          ),
      },
    );
  }

  if (editing) {
    return (
      <li
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-indigo-200"
        data-testid="tag-row"
      >
        <form
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !rename.isPending) {
              event.preventDefault();
              event.stopPropagation();
              setEditing(false);
            }
          }}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <TextField
            label={`New name for ${tag.name}`}
            hideLabel
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error ?? undefined}
            autoFocus
            maxLength={50}
            containerClassName="min-w-0 flex-1"
            disabled={rename.isPending}
          />
          <div className="flex shrink-0 gap-2">
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
            <Button
              variant="secondary"
              onClick={() => setEditing(false)}
              disabled={rename.isPending}
            >
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li
      className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200"
      data-testid="tag-row"
      data-name={tag.name}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
        <Link
          to={`/content?tag=${tag.id}`}
          aria-label={`Show content tagged ${tag.name}`}
          className="inline-flex max-w-full min-w-0 self-start rounded-full hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:self-auto"
        >
          <TagChip name={tag.name} />
        </Link>
        <span className="shrink-0 text-xs text-slate-600" data-testid="tag-usage">
          {usageLabel(tag.usage_count)}
        </span>
      </div>
      <div className="flex shrink-0 items-center">
        <button
          ref={renameButton}
          type="button"
          onClick={startEditing}
          aria-label={`Rename tag ${tag.name}`}
          title="Rename"
          className={`${iconButton} hover:bg-slate-100 hover:text-slate-700`}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        {canMerge && (
          <button
            type="button"
            onClick={() => onMerge(tag)}
            aria-label={`Merge tag ${tag.name} into another`}
            title="Merge into another tag"
            className={`${iconButton} hover:bg-slate-100 hover:text-slate-700`}
          >
            <GitMerge className="size-4" aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          onClick={() => onDelete(tag)}
          aria-label={`Delete tag ${tag.name}`}
          title="Delete"
          className={`${iconButton} hover:bg-red-50 hover:text-red-600`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}
