import { clsx } from 'clsx';
import { useDeferredValue } from 'react';
import { Markdown } from './markdown';

/**
 * Live preview of text being typed. It renders a deferred copy of the text, so React keeps
 * the textarea responsive and lets the (memoised) preview lag a keystroke on long scripts.
 */
export function MarkdownPreview({
  text,
  emptyText = 'Nothing to preview yet.',
  className,
}: {
  text: string;
  emptyText?: string;
  className?: string;
}) {
  const deferred = useDeferredValue(text);
  const stale = deferred !== text;
  return (
    <div
      className={clsx('transition-opacity', stale && 'opacity-80', className)}
      aria-busy={stale || undefined}
      data-testid="markdown-preview"
    >
      {deferred.trim() === '' ? (
        <p className="text-sm text-slate-400 italic">{emptyText}</p>
      ) : (
        <Markdown>{deferred}</Markdown>
      )}
    </div>
  );
}
