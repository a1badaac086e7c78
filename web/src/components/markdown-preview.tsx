import { clsx } from 'clsx';
import { useSettledText } from '../lib/use-settled-text';
import { Markdown } from './markdown';

/**
 * Live preview of text being typed, built so the textarea never lags: short text renders a
 * deferred copy (React keeps input first and may skip stale renders); long text (a script of
 * thousands of words) re-renders only once typing pauses for a moment, because one markdown
 * render of it is a single uninterruptible task.
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
  const deferred = useSettledText(text);
  const stale = deferred !== text;
  return (
    <div
      className={clsx('transition-opacity', stale && 'opacity-80', className)}
      aria-busy={stale || undefined}
      data-testid="markdown-preview"
    >
      {deferred.trim() === '' ? (
        <p className="text-sm text-slate-500 italic">{emptyText}</p>
      ) : (
        <Markdown>{deferred}</Markdown>
      )}
    </div>
  );
}
