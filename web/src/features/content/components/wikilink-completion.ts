import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';

/** Titles for what was typed after `[[` (empty: the most recent items), newest first. */
export type FindLinkTitles = (query: string, signal: AbortSignal) => Promise<string[]>;

/** `[[` and what follows it on the line, up to the caret (no bracket, bar or line end). */
const TYPED_LINK = /\[\[[^[\]|\n]{0,100}$/;
/** The pause after a keystroke before the titles are asked for (a debounce). */
export const LINK_COMPLETION_DELAY_MS = 200;

/** A title a `[[…]]` can name: none of `[`, `]`, `|` or a line break. */
const linkable = (title: string) => title.trim() !== '' && !/[[\]|\n]/.test(title);

/**
 * Writing `[[` in the editor lists the items the person may read by title (decision 211);
 * picking one writes `[[Title]]` (over a `]]` already after the caret). The titles come from
 * `find` (the search, or the newest items before a letter is typed), asked once typing pauses.
 */
export function wikilinkCompletion(find: FindLinkTitles) {
  return autocompletion({
    override: [linkCompletionSource(find)],
    activateOnTypingDelay: LINK_COMPLETION_DELAY_MS,
    icons: false,
  });
}

/** The completion source of `wikilinkCompletion` (exported for its tests). */
export function linkCompletionSource(find: FindLinkTitles) {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const typed = context.matchBefore(TYPED_LINK);
    if (!typed) return null;
    const controller = new AbortController();
    context.addEventListener('abort', () => controller.abort());
    let titles: string[];
    try {
      titles = await find(typed.text.slice(2).trim(), controller.signal);
    } catch {
      return null;
    }
    if (context.aborted) return null;
    const start = typed.from;
    const options: Completion[] = [...new Set(titles.filter(linkable))].map((title) => ({
      label: title,
      type: 'text',
      apply: (view: EditorView, _completion: Completion, _from: number, to: number) => {
        const closing = view.state.sliceDoc(to, to + 2) === ']]' ? 2 : 0;
        const insert = `[[${title}]]`;
        view.dispatch({
          changes: { from: start, to: to + closing, insert },
          selection: { anchor: start + insert.length },
          userEvent: 'input.complete',
        });
      },
    }));
    // The titles are already the matches: CodeMirror filters none away.
    return { from: start + 2, options, filter: false };
  };
}
