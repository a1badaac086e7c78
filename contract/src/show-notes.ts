/**
 * Show notes of an item (docs/product.md, "Show notes"): its description (the summary when it
 * has one, else its first paragraph as read aloud), its chapters and the links it holds, as one
 * block of plain text to paste under a video or an episode.
 *
 * No zod here: the web app loads this module at run time (`@cw/contract/show-notes`).
 */
import { chapterList, chaptersText, type ChapterStart } from './chapters';
import { parseScript } from './script';

export interface ShowNoteLink {
  text: string;
  url: string;
}

// Linear on any text (decision 186): a link's text holds no `[`, its address no `(` or space.
const MARKDOWN_LINK = /(!?)\[([^[\]\n]*)\]\(([^()\s]*)(?:\s+"[^"\n]*")?\)/g;
const BARE_URL = /\bhttps?:\/\/[^\s<>()[\]"]+/g;
const TRAILING_PUNCTUATION = ".,;:!?'’”";
const WEB = /^(?:https?:\/\/|mailto:)/i;

/** The web and mail links of a markdown text, in order, each once (pictures left out). */
export function linksOf(markdown: string): ShowNoteLink[] {
  const links: ShowNoteLink[] = [];
  const seen = new Set<string>();
  const add = (text: string, url: string) => {
    if (!WEB.test(url) || seen.has(url)) return;
    seen.add(url);
    links.push({ text: text.trim() || url, url });
  };
  const rest = markdown.replace(MARKDOWN_LINK, (_all, bang: string, text: string, url: string) => {
    if (!bang) add(text, url);
    return ' ';
  });
  for (const match of rest.matchAll(BARE_URL)) {
    // A sentence's full stop after an address is not part of it (a loop: no `…+$` pattern).
    let end = match[0].length;
    while (end > 0 && TRAILING_PUNCTUATION.includes(match[0][end - 1]!)) end -= 1;
    add('', match[0].slice(0, end));
  }
  return links;
}

/** The first paragraph of a script as read aloud (no cues, no markdown), or ''. */
export function firstParagraph(markdown: string): string {
  for (const block of parseScript(markdown).blocks) {
    if (block.kind !== 'paragraph' || block.words === 0) continue;
    return block.segments
      .filter((s) => !s.cue)
      .map((s) => s.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return '';
}

export interface ShowNotesInput {
  content: string;
  /** The item's summary, when it has one: the description instead of the first paragraph. */
  summary?: string | null;
  chapterStarts?: readonly ChapterStart[];
}

/** The show notes as one text: description, then "Chapters" and "Links" when there are any. */
export function showNotes(item: ShowNotesInput, wordsPerMinute: number): string {
  const parts: string[] = [];
  const description = item.summary?.trim() || firstParagraph(item.content);
  if (description) parts.push(description);
  const { chapters } = chapterList(item.content, wordsPerMinute, item.chapterStarts);
  if (chapters.length > 0) parts.push(`Chapters\n${chaptersText(chapters)}`);
  const links = linksOf(item.content);
  if (links.length > 0) {
    const lines = links.map((l) => (l.text === l.url ? `- ${l.url}` : `- ${l.text}: ${l.url}`));
    parts.push(`Links\n${lines.join('\n')}`);
  }
  return parts.join('\n\n');
}
