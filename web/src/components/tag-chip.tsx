import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Link } from 'react-router';

/** Where a tag chip leads: the content list filtered by that tag. */
export const tagHref = (tag: { id: number }) => `/content?tag=${tag.id}`;

/**
 * A tag label; with `onRemove` it carries a × button ("Remove tag {name}"), and with `href` its
 * name is a link ("Show content tagged {name}"), the × staying a button beside it.
 */
export function TagChip({
  name,
  onRemove,
  href,
  disabled,
  prefix = '',
  className,
}: {
  name: string;
  onRemove?: () => void;
  href?: string;
  disabled?: boolean;
  /** e.g. "#" for note tags. */
  prefix?: string;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-indigo-50 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/15 ring-inset',
        onRemove ? 'pr-1 pl-2.5' : 'px-2.5',
        className,
      )}
    >
      {href ? (
        <Link
          to={href}
          aria-label={`Show content tagged ${name}`}
          title={name}
          className="truncate rounded-full hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {prefix}
          {name}
        </Link>
      ) : (
        <span className="truncate" title={name}>
          {prefix}
          {name}
        </span>
      )}
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove tag ${name}`}
          className="inline-flex size-4 shrink-0 items-center justify-center rounded-full text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800 disabled:opacity-50"
        >
          <X className="size-3" aria-hidden="true" />
        </button>
      )}
    </span>
  );
}

/**
 * A card's tags: the first `max` as chips, then "+N more" naming the rest in its title. With
 * `href` every chip is a link (e.g. to the list filtered by that tag).
 */
export function TagChipList({
  tags,
  max = 6,
  href,
  className,
}: {
  tags: { id: number; name: string }[];
  max?: number;
  href?: (tag: { id: number; name: string }) => string;
  className?: string;
}) {
  if (tags.length === 0) return null;
  const hidden = tags.length - max;
  return (
    <ul className={clsx('flex flex-wrap gap-1.5', className)} aria-label="Tags">
      {tags.slice(0, max).map((tag) => (
        <li key={tag.id} className="max-w-full min-w-0">
          {href ? (
            <Link
              to={href(tag)}
              aria-label={`Show content tagged ${tag.name}`}
              className="inline-flex max-w-full rounded-full hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <TagChip name={tag.name} />
            </Link>
          ) : (
            <TagChip name={tag.name} />
          )}
        </li>
      ))}
      {hidden > 0 && (
        <li
          className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600"
          title={tags
            .slice(max)
            .map((tag) => tag.name)
            .join(', ')}
        >
          +{hidden} more
        </li>
      )}
    </ul>
  );
}
