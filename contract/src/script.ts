/**
 * A script as it is spoken (docs/decisions/215): its sections (one per markdown heading), the
 * words read aloud in each, and so its speaking time. One function for every place that times a
 * script: the writing page's status bar and outline, the board's cards, the teleprompter and
 * the public item page. Headings are section titles, not read; `[bracketed cues]` are
 * directions, not read; markdown syntax is left out (a link reads its text).
 *
 * No zod here: the web app loads this module at run time (`@cw/contract/script`).
 */
import { wikilinksAsText } from './wikilinks-text';
import { countWords, speakingSeconds } from './words';

/** A run of a paragraph: words to read, or a cue. */
export interface Segment {
  text: string;
  cue: boolean;
}

/** One item of a list: its text as a paragraph's (words and cues). */
export interface ListItem {
  segments: Segment[];
  words: number;
}

export type Block =
  | { kind: 'heading'; text: string; level: number; section: number }
  | { kind: 'paragraph'; segments: Segment[]; words: number }
  /** A bullet (`-`, `*`, `+`) or numbered (`1.`, `1)`) list: one line to read per item. */
  | { kind: 'list'; ordered: boolean; start: number; items: ListItem[]; words: number };

/** One heading of the script and what it covers, up to the next heading of any level. */
export interface Section {
  title: string;
  level: number;
  /** Offset of the heading's line in the text (a UTF-16 index, as CodeMirror's positions). */
  from: number;
  /** Words read aloud in it (its heading and cues left out). */
  words: number;
}

export interface Script {
  blocks: Block[];
  /** The headings, in order; `section` of a heading block is its index here. */
  sections: Section[];
  /** Words read aloud before the first heading. */
  introWords: number;
  /** Words read aloud in the whole script (cues and headings left out). */
  words: number;
}

// Each pattern below runs on text anyone may type, on the server's public pages too: none may
// read on to a line's end from every position (decision 186; script.test.ts times the worst
// input). A link's text and a cue hold no `[`, and a link's address no `(`.
const HEADING_OPEN = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const FENCE = /^ {0,3}(```|~~~)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?: *\1){2,} *$/;
/** `[text](url)` and `![alt](url)`: the text is read, the address is not. */
const LINK = /!?\[([^[\]\n]*)\]\([^()\n]*\)/g;
/** A list item's marker: a bullet, or a number and `.` or `)`. */
const LIST_ITEM = /^ {0,3}(?:([-*+])|(\d{1,9})[.)])[ \t]+\S/;
/** A task box opening a list item (`- [ ] Book the guest`): a to-do, not read (decision 235). */
const TASK_ITEM = /^\[[ xX]\](?=[ \t]|$)/;
/** A cue: square brackets not opening a link (those are gone by then). */
const CUE = /\[([^[\]\n]+)\]/g;

/** Inline markdown left out: emphasis, code ticks, strike, leading list or quote markers. */
export function plainText(line: string): string {
  // `[[Title|shown]]` links are read as their words (decision 211), before `[cues]` are found.
  return wikilinksAsText(line)
    .replace(LINK, '$1')
    .replace(/^[ \t]{0,3}(?:>[ \t]?)+/, '')
    .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|[\s(])[*_](\S)/g, '$1$2')
    .replace(/(\S)[*_](?=$|[\s).,!?;:])/g, '$1');
}

/** A paragraph's text split into what is read and the `[cues]`. */
export function splitCues(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(CUE)) {
    const before = text.slice(last, match.index);
    if (before) segments.push({ text: before, cue: false });
    segments.push({ text: match[0], cue: true });
    last = match.index + match[0].length;
  }
  const rest = text.slice(last);
  if (rest) segments.push({ text: rest, cue: false });
  return segments;
}

function spokenWordsOf(segments: readonly Segment[]): number {
  return segments.reduce((sum, s) => (s.cue ? sum : sum + countWords(s.text)), 0);
}

/** An ATX heading's level and text, or null: `## Title ##` → 2, `Title` (CommonMark). */
export function headingOf(line: string): { level: number; text: string } | null {
  const open = HEADING_OPEN.exec(line);
  if (!open) return null;
  let text = line.slice(open[0].length).trim();
  // A closing run of `#` counts only after a space (or as the whole rest).
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 35) end -= 1;
  if (end === 0) text = '';
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) {
    text = text.slice(0, end).trimEnd();
  }
  return { level: open[1]!.length, text };
}

/**
 * The blocks, sections and spoken words of a markdown script, in one pass over its lines
 * (headings inside code fences are text).
 */
export function parseScript(markdown: string): Script {
  const blocks: Block[] = [];
  const sections: Section[] = [];
  let introWords = 0;
  let paragraph: string[] = [];
  /** The list being read, its last item taking the lines that continue it. */
  let list: { ordered: boolean; start: number; items: string[][]; gap: boolean } | null = null;
  let inFence = false;

  const count = (words: number) => {
    const current = sections[sections.length - 1];
    if (current) current.words += words;
    else introWords += words;
  };
  const flushList = () => {
    if (!list) return;
    const items = list.items.map((lines) => {
      const text = lines.join(' ');
      if (TASK_ITEM.test(text)) return { segments: [{ text, cue: true }], words: 0 };
      const segments = splitCues(text);
      return { segments, words: spokenWordsOf(segments) };
    });
    const words = items.reduce((sum, item) => sum + item.words, 0);
    blocks.push({ kind: 'list', ordered: list.ordered, start: list.start, items, words });
    count(words);
    list = null;
  };
  const flush = () => {
    flushList();
    if (paragraph.length === 0) return;
    const segments = splitCues(paragraph.join(' '));
    const words = spokenWordsOf(segments);
    blocks.push({ kind: 'paragraph', segments, words });
    count(words);
    paragraph = [];
  };

  let from = 0;
  for (const line of markdown.split('\n')) {
    const lineStart = from;
    from += line.length + 1;
    const raw = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (FENCE.test(raw)) {
      inFence = !inFence;
      continue;
    }
    const heading = inFence ? null : headingOf(raw);
    if (heading) {
      flush();
      const text = plainText(heading.text);
      blocks.push({ kind: 'heading', text, level: heading.level, section: sections.length });
      sections.push({ title: text, level: heading.level, from: lineStart, words: 0 });
      continue;
    }
    const text = inFence ? raw.trim() : plainText(raw).trim();
    const rule = !inFence && THEMATIC_BREAK.test(raw);
    const item = inFence || rule ? null : LIST_ITEM.exec(raw);
    if (item) {
      // A new item: it starts a list (ending a paragraph before it) or continues the list,
      // unless the marker changes kind (bullets after numbers start another list).
      const ordered = item[2] !== undefined;
      if (list && list.ordered !== ordered) flushList();
      if (!list) {
        flush();
        list = { ordered, start: ordered ? Number(item[2]) : 1, items: [], gap: false };
      }
      list.items.push([text]);
      list.gap = false;
    } else if (text === '' && list && !rule) {
      // A blank line between items keeps the list (a loose list); text after it ends the list.
      list.gap = true;
    } else if (text === '' || rule) flush();
    else if (list && !list.gap) list.items[list.items.length - 1]?.push(text);
    else if (list) {
      flush();
      paragraph.push(text);
    } else paragraph.push(text);
  }
  flush();
  return { blocks, sections, introWords, words: blocks.reduce(spokenOfBlock, 0) };
}

const spokenOfBlock = (sum: number, block: Block) =>
  block.kind === 'heading' ? sum : sum + block.words;

/** Words of a script read aloud: what every speaking time is counted from. */
export function spokenWords(markdown: string): number {
  return parseScript(markdown).words;
}

/** Speaking time of a markdown script at `wordsPerMinute`, in whole seconds (rounded up). */
export function scriptSpeakingSeconds(markdown: string, wordsPerMinute: number): number {
  return speakingSeconds(spokenWords(markdown), wordsPerMinute);
}
