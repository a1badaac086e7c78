import { parseScript, type Segment } from '@cw/contract/script';

/** How much of an item's text an excerpt reads: the page and the feed read no more (decision 181). */
export const EXCERPT_READ_CHARS = 1000;

const spoken = (segments: readonly Segment[]) =>
  segments
    .filter((segment) => !segment.cue)
    .map((segment) => segment.text)
    .join('');

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The start of an item's text as a reader wants it in a list, a link preview or a feed
 * (decision 231): the words of its paragraphs and lists as the script reads them
 * (`@cw/contract/script`: markdown syntax left out, a link as its text, an image as its alt
 * text), without its headings and `[cues in brackets]`, and without its title when the text
 * opens with it; cut at a word. Linear in the first `EXCERPT_READ_CHARS` characters, whatever
 * they hold.
 */
export function excerpt(markdownText: string, title = '', max = 240): string {
  const script = parseScript(markdownText.slice(0, EXCERPT_READ_CHARS));
  const parts: string[] = [];
  for (const block of script.blocks) {
    if (block.kind === 'paragraph') parts.push(spoken(block.segments));
    else if (block.kind === 'list') parts.push(...block.items.map((item) => spoken(item.segments)));
  }
  let text = normal(parts.join(' '));
  const heading = normal(title).toLowerCase();
  if (heading && text.toLowerCase().startsWith(heading)) {
    text = text.slice(heading.length).replace(/^[\s:.,—–-]+/, '');
  }
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  let end = space > max * 0.6 ? space : max;
  // Never between the two halves of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** What a list, a preview or a feed says of an item: its summary, else its excerpt. */
export const itemSummary = (item: { summary: string; content: string; title: string }, max = 240) =>
  normal(item.summary) || excerpt(item.content, item.title, max);
