import { countWords } from '@cw/contract/words';
import { wikilinksAsText } from '@cw/contract/wikilinks';

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

export type Block =
  | { kind: 'heading'; text: string; level: number; section: number }
  | { kind: 'paragraph'; segments: Segment[]; words: number };

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
/** A cue: square brackets not opening a link (those are gone by then). */
const CUE = /\[([^\]\n]+)\]/g;

/** Inline markdown left out: emphasis, code ticks, strike, leading list or quote markers. */
export function plainText(line: string): string {
  // `[[Title|shown]]` links are read as their words (decision 211), before `[cues]` are found.
  return wikilinksAsText(line)
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
  let inFence = false;

  const flush = () => {
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
    if (line === '' || /^ {0,3}([-*_])( *\1){2,} *$/.test(raw)) flush();
    else paragraph.push(line);
  }
  flush();
  const words = blocks.reduce((sum, b) => (b.kind === 'paragraph' ? sum + b.words : sum), 0);
  return { blocks, sections, words };
}
