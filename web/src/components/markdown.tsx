import { clsx } from 'clsx';
import { lazy, Suspense } from 'react';
import type { WikilinkOptions } from '@cw/contract/markdown';
import type { TaskToggle } from './markdown-renderer';

/** react-markdown + remark-gfm are ~50 KB gzip: load them only when markdown is shown. */
const MarkdownRenderer = lazy(async () => ({
  default: (await import('./markdown-renderer')).MarkdownRenderer,
}));

export interface MarkdownProps {
  children: string;
  className?: string;
  /** Task boxes can be ticked, each tick handed here (decision 216); else read-only. */
  onToggleTask?: TaskToggle;
  /** Where `[[…]]` links lead (decision 211); without it they are plain text. */
  wikilinks?: WikilinkOptions;
  /** A long text being edited: rendered piece by piece (decision 258). */
  inPieces?: boolean;
}

/**
 * Renders markdown (docs/product.md, "What the product does and for whom"): raw HTML is shown as
 * text, and link/image addresses keep only http, https, irc, ircs, mailto, xmpp or no protocol
 * (react-markdown's default urlTransform). While the renderer loads, the plain text stands in
 * (never as HTML).
 */
export function Markdown({
  children,
  className,
  onToggleTask,
  wikilinks,
  inPieces,
}: MarkdownProps) {
  return (
    <Suspense
      fallback={
        <div
          className={clsx(
            'text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-700',
            className,
          )}
        >
          {children}
        </div>
      }
    >
      <MarkdownRenderer
        className={className}
        onToggleTask={onToggleTask}
        wikilinks={wikilinks}
        inPieces={inPieces}
      >
        {children}
      </MarkdownRenderer>
    </Suspense>
  );
}
