import { countWords } from '@cw/contract/words';

/**
 * A script as the teleprompter shows it (docs/product.md, Teleprompter): headings are sections,
 * paragraphs are text to read, and `[bracketed cues]` are directions shown dimmed and not read
 * (nor counted for timing). Markdown syntax is dropped: a prompter shows words, not markup.
 */

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

export interface Script {
  blocks: Block[];
  /** The headings, in order; `section` of a heading block is its index here. */
  sections: string[];
  /** Words to be read aloud (cues left out). */
  words: number;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
/** `[text](url)` and `![alt](url)`: the text is read, the address is not. */
const LINK = /!?\[([^\]\n]*)\]\([^)\n]*\)/g;
/** A list item's marker: a bullet, or a number and `.` or `)`. */
const LIST_ITEM = /^ {0,3}(?:([-*+])|(\d{1,9})[.)])[ \t]+\S/;
/** A cue: square brackets not opening a link (those are gone by then). */
const CUE = /\[([^\]\n]+)\]/g;

/** Inline markdown left out: emphasis, code ticks, strike, leading list or quote markers. */
export function plainText(line: string): string {
  return line
    .replace(LINK, '$1')
    .replace(/^\s{0,3}(?:>\s?)+/, '')
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, '')
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

function spokenWords(segments: readonly Segment[]): number {
  return segments.reduce((sum, s) => (s.cue ? sum : sum + countWords(s.text)), 0);
}

/** The blocks, sections and spoken words of a markdown script. */
export function parseScript(markdown: string): Script {
  const blocks: Block[] = [];
  const sections: string[] = [];
  let paragraph: string[] = [];
  /** The list being read, its last item taking the lines that continue it. */
  let list: { ordered: boolean; start: number; items: string[][]; gap: boolean } | null = null;
  let inFence = false;

  const flushList = () => {
    if (!list) return;
    const items = list.items.map((lines) => {
      const segments = splitCues(lines.join(' '));
      return { segments, words: spokenWords(segments) };
    });
    const words = items.reduce((sum, item) => sum + item.words, 0);
    blocks.push({ kind: 'list', ordered: list.ordered, start: list.start, items, words });
    list = null;
  };
  const flush = () => {
    flushList();
    if (paragraph.length === 0) return;
    const segments = splitCues(paragraph.join(' '));
    blocks.push({ kind: 'paragraph', segments, words: spokenWords(segments) });
    paragraph = [];
  };

  for (const raw of markdown.split(/\r?\n/)) {
    if (FENCE.test(raw)) {
      inFence = !inFence;
      continue;
    }
    const heading = inFence ? null : HEADING.exec(raw);
    if (heading) {
      flush();
      const text = plainText(heading[2] ?? '');
      blocks.push({
        kind: 'heading',
        text,
        level: heading[1]?.length ?? 1,
        section: sections.length,
      });
      sections.push(text);
      continue;
    }
    const line = inFence ? raw.trim() : plainText(raw).trim();
    const rule = /^ {0,3}([-*_])( *\1){2,} *$/.test(raw);
    const item = inFence || rule ? null : LIST_ITEM.exec(raw);
    if (item) {
      // A new item: it starts a list (ending a paragraph before it) or continues the list, unless
      // the marker changes kind (bullets after numbers start another list).
      const ordered = item[2] !== undefined;
      if (list && list.ordered !== ordered) flushList();
      if (!list) {
        flush();
        list = { ordered, start: ordered ? Number(item[2]) : 1, items: [], gap: false };
      }
      list.items.push([line]);
      list.gap = false;
    } else if (line === '' && list && !rule) {
      // A blank line between items keeps the list (a loose list); text after it ends the list.
      list.gap = true;
    } else if (line === '' || rule) flush();
    else if (list && !list.gap) list.items[list.items.length - 1]?.push(line);
    else if (list) {
      flush();
      paragraph.push(line);
    } else paragraph.push(line);
  }
  flush();
  const words = blocks.reduce((sum, b) => (b.kind === 'heading' ? sum : sum + b.words), 0);
  return { blocks, sections, words };
}
