import { clsx } from 'clsx';
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import type { WikilinkOptions } from '@cw/contract/markdown';
import { Markdown } from './markdown';

/** Above this length a render of the preview costs tens of milliseconds. */
const LONG_TEXT = 4000;
const LONG_TEXT_PAUSE_MS = 250;

/**
 * Live preview of text being typed, built so the textarea never lags: short text renders a
 * deferred copy (React keeps input first and may skip stale renders); long text (a script of
 * thousands of words) re-renders only once typing pauses for a moment, because one markdown
 * render of it is a single uninterruptible task. A long text renders in pieces (decision 258):
 * React yields between them, and a pause re-renders only the pieces that changed.
 */
export function MarkdownPreview({
  text,
  emptyText = 'Nothing to preview yet.',
  className,
  onToggleTask,
  wikilinks,
}: {
  text: string;
  emptyText?: string;
  className?: string;
  /**
   * Task boxes can be ticked (decision 216): the item's line (1-based) in `shown`, the text the
   * preview drew (it may lag the document by a pause), and the state asked for.
   */
  onToggleTask?: (line: number, checked: boolean, shown: string) => void;
  /** Where `[[…]]` links lead (decision 211). */
  wikilinks?: WikilinkOptions;
}) {
  const [settled, setSettled] = useState(text);
  const long = text.length > LONG_TEXT;
  useEffect(() => {
    if (!long) return;
    const timer = setTimeout(() => setSettled(text), LONG_TEXT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, long]);
  // A long text shown at once (Split opened on a script) first commits an empty preview, then
  // renders in the background, piece by piece, yielding to input between pieces.
  const deferred = useDeferredValue(long ? settled : text, long ? '' : undefined);
  const stale = deferred !== text;
  const toggle = useCallback(
    (line: number, checked: boolean) => onToggleTask?.(line, checked, deferred),
    [onToggleTask, deferred],
  );
  return (
    <div
      className={clsx('transition-opacity', stale && 'opacity-80', className)}
      aria-busy={stale || undefined}
      data-testid="markdown-preview"
    >
      {deferred.trim() === '' ? (
        !stale && <p className="text-sm text-slate-500 italic">{emptyText}</p>
      ) : (
        <Markdown
          onToggleTask={onToggleTask ? toggle : undefined}
          wikilinks={wikilinks}
          inPieces={deferred.length > LONG_TEXT}
        >
          {deferred}
        </Markdown>
      )}
    </div>
  );
}
