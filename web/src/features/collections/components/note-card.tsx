import type { Note } from '@cw/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { Markdown } from '../../../components/markdown';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { changedByOther } from '../../../lib/roles';
import { IconButton } from '../../../components/icon-button';

/**
 * One saved note: title, rendered content, #tags, "Edited by {name}" when someone else changed
 * it last ("Added by {name}" when they wrote it), and Edit / Delete for those who may (left out
 * otherwise).
 */
export function NoteCard({
  note,
  onEdit,
  onDelete,
  highlighted = false,
}: {
  note: Note;
  /** The note search opened (`?note=ID`): a ring, and the focus can land on it. */
  highlighted?: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const user = useCurrentUser();
  const changedBy = changedByOther(note, user.id);
  return (
    <article
      id={`note-${note.id}`}
      tabIndex={highlighted ? -1 : undefined}
      className={
        highlighted
          ? 'scroll-mt-24 rounded-xl bg-white p-5 shadow-sm ring-2 ring-indigo-400 focus:outline-none'
          : 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200'
      }
      data-testid="note"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold [overflow-wrap:anywhere] text-slate-900">{note.title}</h3>
          <p className="mt-0.5 text-xs text-slate-500">
            {formatDateTime(note.created_on)}
            {changedBy ? ` · ${changedBy}` : note.updated_on && ' · Edited'}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          {onEdit && (
            <IconButton
              icon={Pencil}
              label={`Edit note ${note.title}`}
              title="Edit note"
              onClick={onEdit}
            />
          )}
          {onDelete && (
            <IconButton
              icon={Trash2}
              label={`Delete note ${note.title}`}
              title="Delete note"
              tone="danger"
              onClick={onDelete}
            />
          )}
        </div>
      </div>
      <Markdown className="mt-3">{note.content}</Markdown>
      {note.tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-x-3 gap-y-1" aria-label="Note tags">
          {note.tags.map((tag) => (
            <li
              key={tag}
              className="min-w-0 text-xs font-medium [overflow-wrap:anywhere] text-indigo-600"
            >
              #{tag}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
