/**
 * Words of a markdown text as a reader sees them (docs/api.md, content items: `word_count`):
 * markdown syntax is left out (`# Intro` is one word), a link or image counts its text and never
 * its address, and a reference definition (`[1]: https://…`) counts nothing. The server stores
 * the count on every write and the editor shows it live, so both use this one function. It runs
 * in linear time: a 1,000,000-character script is counted in milliseconds.
 *
 * No zod here: the web app loads this module at run time (`@cw/contract/words`).
 */

const LINK = /!?\[([^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g;
const REFERENCE_LINK = /!?\[([^\]\n]*)\]\[[^\]\n]*\]/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[^\n]*$/gm;
/** `1.` or `2)` opening an ordered list item: a marker, not a number in the text. */
const ORDERED_MARKER = /^ *\d{1,9}[.)](?=\s)/gm;
const AUTOLINK = /<(?:https?|mailto|ftp):[^>\s]*>/gi;
/** A word: letters or digits, joined by an apostrophe, a hyphen or a dot (`don't`, `e-mail`, `2.5`). */
const WORD = /[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*/gu;

export function countWords(markdown: string): number {
  const text = markdown
    .replace(REFERENCE_DEFINITION, ' ')
    .replace(ORDERED_MARKER, ' ')
    .replace(LINK, ' $1 ')
    .replace(REFERENCE_LINK, ' $1 ')
    .replace(AUTOLINK, ' link ');
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) count += 1;
  return count;
}

/** Default speaking pace of an account, in words per minute (60–250). */
export const DEFAULT_WORDS_PER_MINUTE = 150;
export const WORDS_PER_MINUTE_MIN = 60;
export const WORDS_PER_MINUTE_MAX = 250;

/** Speaking time of `words` at `wordsPerMinute`, in whole seconds (rounded up). */
export function speakingSeconds(words: number, wordsPerMinute: number): number {
  return Math.ceil((words * 60) / wordsPerMinute);
}
