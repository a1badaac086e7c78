/**
 * Words of a markdown text as a reader sees them (docs/api.md, content items: `word_count`):
 * markdown syntax is left out (`# Intro` is one word), a link or image counts its text and never
 * its address, and a reference definition (`[1]: https://…`) counts nothing. The server stores
 * the count on every write and the editor shows it live, so both use this one function. It runs
 * in linear time, whatever the text: a 1,000,000-character script is counted in milliseconds.
 *
 * No zod here: the web app loads this module at run time (`@cw/contract/words`).
 */

// A link's text holds no `[`: tried at every `[`, a text that could hold one would read on to
// the line's end from each of them, the square of the line's length (`[[[[…`). Each pattern
// here is tested in linear time on 1 MB of its worst input (words.test.ts).
const LINK = /!?\[([^[\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g;
const REFERENCE_LINK = /!?\[([^[\]\n]*)\]\[[^\]\n]*\]/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[^\n]*$/gm;
/** `1.` or `2)` opening an ordered list item: a marker, not a number in the text. */
const ORDERED_MARKER = /^ *\d{1,9}[.)](?=\s)/gm;
/** An autolink's address holds no `<` (CommonMark), so each `<` reads only to the next. */
const AUTOLINK = /<(?:https?|mailto|ftp):[^<>\s]*>/gi;
/** Letters and digits beyond ASCII (the scan asks only for characters above 127). */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Spaces that separate words: ASCII white space, no-break, the Unicode spaces, ideographic. */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x3000
  );
}

export function countWords(markdown: string): number {
  const text = markdown
    .replace(REFERENCE_DEFINITION, ' ')
    .replace(ORDERED_MARKER, ' ')
    .replace(LINK, ' $1 ')
    .replace(REFERENCE_LINK, ' $1 ')
    .replace(AUTOLINK, ' link ');
  // A word is a run of text between spaces that holds a letter or a digit (`don't`, `e-mail`,
  // `v2.5`, `**bold**` are one each; `-`, `—`, `|` and `>` alone are none). One pass with
  // charCodeAt: a Unicode-property regex over every character costs ~7 ms per keystroke in a
  // 10,000-word script, this ~0.3 ms.
  let count = 0;
  let wordInToken = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) {
      if (wordInToken) count += 1;
      wordInToken = false;
    } else if (!wordInToken) {
      wordInToken =
        (code >= 48 && code <= 57) ||
        (code >= 65 && code <= 90) ||
        (code >= 97 && code <= 122) ||
        (code > 127 && LETTER_OR_DIGIT.test(text.charAt(index)));
    }
  }
  return wordInToken ? count + 1 : count;
}

/** Default speaking pace of an account, in words per minute (60–250). */
export const DEFAULT_WORDS_PER_MINUTE = 150;
export const WORDS_PER_MINUTE_MIN = 60;
export const WORDS_PER_MINUTE_MAX = 250;

/** Speaking time of `words` at `wordsPerMinute`, in whole seconds (rounded up). */
export function speakingSeconds(words: number, wordsPerMinute: number): number {
  return Math.ceil((words * 60) / wordsPerMinute);
}

/**
 * "45 s", "3 min 20 s", "1 h 2 min": a speaking time as the editor, its outline, the board and
 * the public item page write it (docs/decisions/215; the teleprompter counts down the same
 * seconds as a clock).
 */
export function formatSpeakingTime(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
