/**
 * A caption draft from a script (docs/product.md, "Captions"; decision 234): the words read
 * aloud (`parseScript`: headings and `[cues]` left out), cut into cues of at most two lines of
 * 42 characters and 1–7 seconds, timed at the speaker's pace. Cues end at a sentence's end
 * where one comes, else at a clause's end (`,` `;` `:` a dash), else between words. Written as
 * SubRip (`.srt`) or WebVTT (`.vtt`).
 *
 * No zod here: the web app loads this module at run time (`@cw/contract/captions`).
 */
import { parseScript } from './script';
import { countWords } from './words';

export interface Cue {
  /** Seconds from the start. */
  start: number;
  end: number;
  /** One or two lines, each at most `CAPTION_LINE_MAX` characters. */
  lines: string[];
}

export const CAPTION_LINE_MAX = 42;
export const CAPTION_LINES_MAX = 2;
export const CUE_MIN_SECONDS = 1;
export const CUE_MAX_SECONDS = 7;

/** 2 after a sentence's end, 1 after a clause's, 0 inside one. */
function breakAfter(word: string): number {
  if (/[.!?…]["'”’)\]]*$/.test(word)) return 2;
  if (/[,;:]["'”’)\]]*$/.test(word) || /^[—–-]+$/.test(word)) return 1;
  return 0;
}

/** The texts read aloud, one per paragraph or list item (a cue never spans two). */
function spokenUnits(markdown: string): string[] {
  const units: string[] = [];
  const add = (segments: readonly { text: string; cue: boolean }[]) => {
    const text = segments
      .filter((s) => !s.cue)
      .map((s) => s.text)
      .join(' ');
    if (countWords(text) > 0) units.push(text);
  };
  for (const block of parseScript(markdown).blocks) {
    if (block.kind === 'paragraph') add(block.segments);
    else if (block.kind === 'list') for (const item of block.items) add(item.segments);
  }
  return units;
}

/** The words of a text, a word longer than a line cut into pieces that fit one. */
function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => {
      const pieces: string[] = [];
      for (let at = 0; at < word.length; at += CAPTION_LINE_MAX) {
        pieces.push(word.slice(at, at + CAPTION_LINE_MAX));
      }
      return pieces;
    });
}

/** `words` as one line, or two lines as even as they can be; null when they do not fit. */
export function wrapCue(words: readonly string[]): string[] | null {
  const whole = words.join(' ');
  if (whole.length <= CAPTION_LINE_MAX) return [whole];
  let best: string[] | null = null;
  for (let cut = 1; cut < words.length; cut += 1) {
    const top = words.slice(0, cut).join(' ');
    const bottom = words.slice(cut).join(' ');
    if (top.length > CAPTION_LINE_MAX || bottom.length > CAPTION_LINE_MAX) continue;
    if (!best || Math.abs(top.length - bottom.length) < Math.abs(best[0]!.length - best[1]!.length))
      best = [top, bottom];
  }
  return best;
}

/** The cues of a script read at `wordsPerMinute`. */
export function captionCues(markdown: string, wordsPerMinute: number): Cue[] {
  const perWord = 60 / Math.max(1, wordsPerMinute);
  const spoken = (words: readonly string[]) =>
    words.reduce((sum, word) => sum + countWords(word), 0) * perWord;
  const fits = (words: readonly string[]) =>
    wrapCue(words) !== null && spoken(words) <= CUE_MAX_SECONDS;

  const cues: Cue[] = [];
  let clock = 0;
  const emit = (words: string[]) => {
    if (words.length === 0) return;
    const length = spoken(words);
    const start = Math.max(clock, cues[cues.length - 1]?.end ?? 0);
    const end = start + Math.min(CUE_MAX_SECONDS, Math.max(CUE_MIN_SECONDS, length));
    cues.push({ start, end, lines: wrapCue(words) ?? [words.join(' ')] });
    clock += length;
  };

  for (const unit of spokenUnits(markdown)) {
    let cue: string[] = [];
    /** Where the words since `cue`'s last good break start, and how good that break is. */
    let lastBreak = { at: 0, strength: 0 };
    for (const word of wordsOf(unit)) {
      const next = [...cue, word];
      if (!fits(next)) {
        // Cut at the best break inside the cue, when it leaves a useful cue behind.
        const cut = lastBreak.strength > 0 && lastBreak.at > 0 ? lastBreak.at : cue.length;
        emit(cue.slice(0, cut));
        cue = [...cue.slice(cut), word];
        if (!fits(cue)) {
          emit(cue.slice(0, -1));
          cue = [word];
        }
        lastBreak = { at: 0, strength: 0 };
      } else cue = next;
      const strength = breakAfter(word);
      // A sentence's end closes the cue once it lasts a second; a clause's end is remembered.
      if (strength === 2 && spoken(cue) >= CUE_MIN_SECONDS) {
        emit(cue);
        cue = [];
        lastBreak = { at: 0, strength: 0 };
      } else if (strength > 0 && strength >= lastBreak.strength) {
        lastBreak = { at: cue.length, strength };
      }
    }
    emit(cue);
  }
  return cues;
}

function clockOf(seconds: number, separator: ',' | '.'): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(
    Math.floor(ms / 1000) % 60,
  )}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip: numbered cues, `00:00:01,000 --> 00:00:03,500`. */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${clockOf(cue.start, ',')} --> ${clockOf(cue.end, ',')}\n${cue.lines.join('\n')}\n`,
    )
    .join('\n');
}

const escapeVtt = (line: string) =>
  line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT: the `WEBVTT` header, then `00:00:01.000 --> 00:00:03.500` cues (text escaped). */
export function toVtt(cues: readonly Cue[]): string {
  const body = cues
    .map(
      (cue) =>
        `${clockOf(cue.start, '.')} --> ${clockOf(cue.end, '.')}\n${cue.lines.map(escapeVtt).join('\n')}\n`,
    )
    .join('\n');
  return `WEBVTT\n\n${body}`;
}
