import type { SearchResult, SearchType } from '@cw/contract';
import { clsx } from 'clsx';
import {
  FileText,
  FolderOpen,
  Paperclip,
  StickyNote,
  Tag as TagIcon,
  type LucideIcon,
} from 'lucide-react';
import { RoleBadge } from '../../../components/role-badge';
import { snippetRanges, titleRanges } from '../highlight';
import { Highlighted } from './highlighted';

export const TYPE_ICONS: Record<SearchType, LucideIcon> = {
  content: FileText,
  note: StickyNote,
  collection: FolderOpen,
  file: Paperclip,
  tag: TagIcon,
};

/** "in Season 2": where a note or file lives. */
export function parentHint(result: SearchResult): string | null {
  return result.parent ? `in ${result.parent.title}` : null;
}

/**
 * One result: type icon, title and snippet with their matches marked, where it lives ("in
 * Season 2") and the role badge of something shared with the person.
 */
export function ResultSummary({
  result,
  active = false,
  typeLabel,
}: {
  result: SearchResult;
  /** The palette's keyboard choice. */
  active?: boolean;
  /** Shown before the hints (the /search page names the type; the palette has headings). */
  typeLabel?: string;
}) {
  const Icon = TYPE_ICONS[result.type];
  const hint = parentHint(result);
  return (
    <span className="flex min-w-0 items-start gap-3">
      <span
        className={clsx(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg',
          active ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-100 text-slate-500',
        )}
        aria-hidden="true"
      >
        <Icon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="truncate text-sm font-medium text-slate-900">
          <Highlighted text={result.title} ranges={titleRanges(result)} />
        </span>
        {result.snippet && (
          <span className="line-clamp-2 text-xs [overflow-wrap:anywhere] text-slate-600">
            <Highlighted text={result.snippet} ranges={snippetRanges(result)} />
          </span>
        )}
        {(typeLabel || hint || result.role !== 'owner') && (
          <span className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            {typeLabel && <span className="font-medium text-slate-600">{typeLabel}</span>}
            {hint && (
              <span className="min-w-0 truncate" title={hint}>
                {hint}
              </span>
            )}
            <RoleBadge role={result.role} />
          </span>
        )}
      </span>
    </span>
  );
}
