import { clsx } from 'clsx';
import { Fragment, memo, useMemo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import {
  markdownRemarkPlugins,
  emphasisTooCostly,
  nestedTooDeep,
  rehypeSafeMarkdown,
  safeUrl,
  type WikilinkOptions,
} from '@cw/contract/markdown';
import { rehypeTaskLines } from '@cw/contract/markdown-tasks';
import { MarkdownImage } from './attached-image';
import { markdownPieces } from './markdown-pieces';
import { wikilinkComponents, wikilinkPlugins } from './markdown-wikilinks';

const rehypePlugins: Options['rehypePlugins'] = [
  rehypeSafeMarkdown,
  [rehypeTaskLines, { lines: true }],
];

/** Ticks a task of the text: its item's source line (1-based) and the state it asks for. */
export type TaskToggle = (line: number, checked: boolean) => void;

/** `[[…]]` links move within the app (decision 212); images of uploaded files load through the signed-in API (decision 214). */
const baseComponents: Components = { ...wikilinkComponents, img: MarkdownImage };

export const markdownClasses =
  'text-sm leading-relaxed break-words text-slate-700 [overflow-wrap:anywhere] [&_a]:text-indigo-600 [&_a]:underline [&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.85em] [&_h1]:mt-3 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-bold [&_h1]:text-slate-900 [&_h2]:mt-3 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-2 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_hr]:my-4 [&_hr]:border-slate-200 [&_img]:my-2 [&_img]:max-w-full [&_img]:rounded-lg [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre]:[overflow-wrap:normal] [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:my-2 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:border [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_u]:underline [&_ul]:list-disc [&_ul]:pl-5 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [&_.callout]:my-3 [&_.callout]:rounded-lg [&_.callout]:border-l-4 [&_.callout]:border-indigo-500 [&_.callout]:bg-indigo-50 [&_.callout]:px-4 [&_.callout]:py-3 [&_.callout]:text-slate-800 [&_.callout>*:last-child]:mb-0 [&_.callout-title]:mt-0! [&_.callout-title]:mb-1 [&_.callout-title]:font-semibold [&_.callout-title]:text-indigo-900 [&_.callout-tip]:border-emerald-600 [&_.callout-tip]:bg-emerald-50 [&_.callout-tip_.callout-title]:text-emerald-900 [&_.callout-warning]:border-amber-600 [&_.callout-warning]:bg-amber-50 [&_.callout-warning_.callout-title]:text-amber-900 [&_.contains-task-list]:list-none [&_.contains-task-list]:pl-1 [&_.task-list-item_input]:mr-2 [&_.task-list-item_input]:size-4 [&_.task-list-item_input]:align-[-0.2em] [&_.task-list-item_input]:accent-indigo-600 [&_.task-list-item_input:enabled]:cursor-pointer';

/**
 * The one markdown renderer of the web app (docs/product.md, "What the product does and for whom"):
 * the product's shared markdown rules (`@cw/contract/markdown`, which the server's public pages run
 * too; decision 180): GitHub-flavoured markdown, `++text++` underlines, raw HTML as text
 * (react-markdown never gets rehype-raw), addresses kept only with no protocol or http, https, irc,
 * ircs, mailto, xmpp, links in a new tab with `rel="noopener noreferrer nofollow"`, an emptied
 * image as its alt text. Memoised: the same text never renders twice (previews re-render on every
 * keystroke). A text nesting quotes and lists deeper than any real one (`> - > - …`, which takes
 * the parser seconds and then overflows its stack) is shown as plain text, as on public pages: a
 * co-editor of a shared collection cannot freeze the owner's tab with it (decision 181).
 */
export const MarkdownRenderer = memo(function MarkdownRenderer({
  children,
  className,
  onToggleTask,
  wikilinks,
  inPieces = false,
}: {
  children: string;
  className?: string;
  /**
   * A long text being edited (the live preview): rendered piece by piece (decision 258), so
   * React may yield between pieces and a keystroke re-renders only the piece it changed.
   */
  inPieces?: boolean;
  /**
   * Given to a reader who may change the text: task boxes can be ticked, and each tick is
   * handed here (decision 216). Without it they are read-only. Keep it stable (useCallback).
   */
  onToggleTask?: TaskToggle;
  /** Where `[[…]]` links lead (decision 211); without it they are plain text. */
  wikilinks?: WikilinkOptions;
}) {
  const components = useMemo<Components>(
    () =>
      onToggleTask
        ? {
            ...baseComponents,
            input: (props) => <TaskBox {...props} toggleTask={onToggleTask} />,
          }
        : baseComponents,
    [onToggleTask],
  );
  const tooCostly = nestedTooDeep(children)
    ? 'nested too deep'
    : emphasisTooCostly(children)
      ? 'emphasis too costly'
      : null;
  if (tooCostly) {
    return (
      <div
        className={clsx(markdownClasses, 'whitespace-pre-wrap', className)}
        data-plain-text={tooCostly}
      >
        {children}
      </div>
    );
  }
  const remarkPlugins = wikilinkPlugins(markdownRemarkPlugins, wikilinks);
  if (inPieces) {
    return (
      <div className={clsx(markdownClasses, className)}>
        {keyedPieces(children).map(({ key, text, line }, index) => (
          <Fragment key={key}>
            {/* The line break react-markdown puts between blocks, so the HTML is the same. */}
            {index > 0 && '\n'}
            <Piece text={text} line={line} remarkPlugins={remarkPlugins} components={components} />
          </Fragment>
        ))}
      </div>
    );
  }
  return (
    <div className={clsx(markdownClasses, className)}>
      <SafeMarkdown
        text={children}
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
      />
    </div>
  );
});

/** react-markdown with the product's address rule (`safeUrl`): the whole text and each piece render through it. */
function SafeMarkdown({
  text,
  ...options
}: { text: string } & Pick<Options, 'remarkPlugins' | 'rehypePlugins' | 'components'>) {
  return (
    <ReactMarkdown {...options} urlTransform={safeUrl}>
      {text}
    </ReactMarkdown>
  );
}

interface PieceProps {
  text: string;
  line: number;
  remarkPlugins: Options['remarkPlugins'];
  components: Components;
}

/**
 * One piece of a long text. Re-rendered when its text changes, or when lines added above move
 * it and it holds task boxes (their `data-line` counts from the whole text's start).
 */
const Piece = memo(
  function Piece({ text, line, remarkPlugins, components }: PieceProps) {
    // Task boxes count their lines from the whole text's start.
    const piecePlugins = useMemo<Options['rehypePlugins']>(
      () =>
        line === 0
          ? rehypePlugins
          : [rehypeSafeMarkdown, [rehypeTaskLines, { lines: true, offset: line }]],
      [line],
    );
    return (
      <SafeMarkdown
        text={text}
        remarkPlugins={remarkPlugins}
        rehypePlugins={piecePlugins}
        components={components}
      />
    );
  },
  (before: PieceProps, after: PieceProps) =>
    before.text === after.text &&
    before.remarkPlugins === after.remarkPlugins &&
    before.components === after.components &&
    (before.line === after.line || !/\[[ xX]\]/.test(before.text)),
);

/**
 * The pieces with keys that follow their text, not their place: a piece typed above moves the
 * others without re-rendering them.
 */
function keyedPieces(text: string) {
  const seen = new Map<string, number>();
  return markdownPieces(text).map((piece) => {
    const hash = fnv1a(piece.text);
    const count = seen.get(hash) ?? 0;
    seen.set(hash, count + 1);
    return { ...piece, key: `${hash}-${count}` };
  });
}

/** FNV-1a, 32 bits, in base 36: a short key for a piece's text. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** A task box that can be ticked: react-markdown's `input`, for a reader who may edit. */
function TaskBox({
  node,
  toggleTask,
  ...props
}: ComponentProps<'input'> & {
  node?: { properties: Record<string, unknown> };
  toggleTask: TaskToggle;
}) {
  const line = Number(node?.properties.dataLine);
  if (props.type !== 'checkbox' || !Number.isInteger(line)) return <input {...props} />;
  const checked = Boolean(props.checked);
  return (
    <input
      {...props}
      disabled={false}
      checked={checked}
      onChange={() => toggleTask(line, !checked)}
    />
  );
}
