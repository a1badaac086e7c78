import { clsx } from 'clsx';
import type { Ref } from 'react';
import type { WikilinkOptions } from '@cw/contract/markdown';
import { MarkdownPreview } from '../../../components/markdown-preview';

/** The writing room's preview (Split and Preview): the title, then the text as it will read. */
export function WritingPreview({
  ref,
  title,
  text,
  onToggleTask,
  wikilinks,
}: {
  ref: Ref<HTMLElement>;
  title: string;
  text: string;
  /** Ticks a task box in the shared document; without it the boxes are read-only. */
  onToggleTask?: (line: number, checked: boolean, shown: string) => void;
  wikilinks?: WikilinkOptions;
}) {
  // Contained (decision 272): the preview's size is the grid track's, never its content's, so
  // a keystroke's layout and paint stop at the editor and the 10,000-word preview beside it is
  // neither laid out nor repainted in every frame of typing.
  return (
    <section
      ref={ref}
      aria-label="Preview"
      tabIndex={0}
      className="min-h-0 overflow-y-auto rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 [contain:strict] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:p-5"
    >
      <h2 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Preview</h2>
      <h3
        className={clsx(
          'mb-3 text-xl font-bold [overflow-wrap:anywhere] text-slate-900',
          !title.trim() && 'text-slate-300',
        )}
      >
        {title.trim() || 'Untitled'}
      </h3>
      <MarkdownPreview text={text} onToggleTask={onToggleTask} wikilinks={wikilinks} />
    </section>
  );
}
