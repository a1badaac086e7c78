/**
 * YouTube chapters from a script (docs/product.md, "Chapters"; decision 233): one chapter per
 * heading of the script's chapter level, timed at the speaker's pace by the words read aloud
 * before it (`parseScript`, decision 215). A start measured after a recording (`ChapterStart`)
 * replaces the estimate of its chapter, and the chapters after it keep their estimated distance
 * from it, so one correction moves the rest.
 *
 * No zod here: the web app loads this module at run time (`@cw/contract/chapters`).
 */
import { parseScript, type Script } from './script';

/** A chapter's real start, measured after a recording, by the chapter's title. */
export interface ChapterStart {
  title: string;
  /** Seconds from the start of the video. */
  start: number;
}

export interface Chapter {
  title: string;
  /** Seconds from the start of the video (whole seconds). */
  start: number;
  /** Whether `start` is a real start typed after a recording (else the pace's estimate). */
  measured: boolean;
}

export interface ChapterList {
  chapters: Chapter[];
  /** Seconds of the whole script (the last chapter ends there). */
  total: number;
  /** YouTube's rules this list breaks, each as a sentence; empty when YouTube will accept it. */
  problems: string[];
}

/** YouTube's rules for chapters in a description. */
export const YOUTUBE_MIN_CHAPTERS = 3;
export const YOUTUBE_MIN_CHAPTER_SECONDS = 10;
/** The title of the chapter made of the words before the first heading. */
export const INTRO_CHAPTER = 'Intro';

/**
 * The headings that make chapters: those of the shallowest level used at least twice (a lone
 * `# Title` above `## Parts` is the script's name, not a chapter), else of the shallowest level.
 */
function chapterLevel(script: Script): number | null {
  const counts = new Map<number, number>();
  for (const section of script.sections) {
    counts.set(section.level, (counts.get(section.level) ?? 0) + 1);
  }
  const levels = [...counts.keys()].sort((a, b) => a - b);
  return levels.find((level) => (counts.get(level) ?? 0) >= 2) ?? levels[0] ?? null;
}

/** Chapter titles and the words read before each, in order. */
function estimatedChapters(script: Script): { title: string; wordsBefore: number }[] {
  const level = chapterLevel(script);
  const result: { title: string; wordsBefore: number }[] = [];
  let words = script.introWords;
  let first = true;
  for (const section of script.sections) {
    if (section.level === level) {
      if (first && words > 0) result.push({ title: INTRO_CHAPTER, wordsBefore: 0 });
      first = false;
      result.push({ title: section.title || 'Untitled', wordsBefore: words });
    }
    words += section.words;
  }
  if (first && script.words > 0) result.push({ title: INTRO_CHAPTER, wordsBefore: 0 });
  return result;
}

/** The chapters of `markdown` at `wordsPerMinute`, with the measured `starts` applied. */
export function chapterList(
  markdown: string,
  wordsPerMinute: number,
  starts: readonly ChapterStart[] = [],
): ChapterList {
  const script = parseScript(markdown);
  const secondsOf = (words: number) => (words * 60) / Math.max(1, wordsPerMinute);
  const estimated = estimatedChapters(script);
  const unused = [...starts];
  const chapters: Chapter[] = [];
  /** The last measured chapter: its real start and its estimate. */
  let anchor: { real: number; estimate: number } | null = null;
  for (const chapter of estimated) {
    const estimate = secondsOf(chapter.wordsBefore);
    const index = unused.findIndex((start) => start.title === chapter.title);
    if (index >= 0) {
      const real = unused.splice(index, 1)[0]!.start;
      anchor = { real, estimate };
      chapters.push({ title: chapter.title, start: Math.round(real), measured: true });
    } else {
      const start = anchor ? anchor.real + (estimate - anchor.estimate) : estimate;
      chapters.push({ title: chapter.title, start: Math.floor(start), measured: false });
    }
  }
  const end = secondsOf(script.words);
  const total = Math.ceil(anchor ? anchor.real + (end - anchor.estimate) : end);
  return { chapters, total, problems: youtubeProblems(chapters, total) };
}

/** "00:00", "01:23", "1:02:03": a chapter's start as YouTube reads it. */
export function formatChapterTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** "1:23" or "83" → 83 seconds; null when it is not a time. */
export function parseChapterTime(text: string): number | null {
  const match = /^\s*(?:(?:(\d{1,2}):)?(\d{1,3}):)?(\d{1,5})\s*$/.exec(text);
  if (!match) return null;
  const [, h, m, s] = match;
  if ((m !== undefined || h !== undefined) && Number(s) > 59) return null;
  if (h !== undefined && Number(m) > 59) return null;
  return Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s);
}

/** "00:00 Intro\n01:23 Cold open": the lines to paste into a YouTube description. */
export function chaptersText(chapters: readonly Chapter[]): string {
  return chapters.map((c) => `${formatChapterTime(c.start)} ${c.title}`).join('\n');
}

/** YouTube's rules, checked, each broken one said in words (docs/product.md, "Chapters"). */
export function youtubeProblems(chapters: readonly Chapter[], total: number): string[] {
  const problems: string[] = [];
  if (chapters.length < YOUTUBE_MIN_CHAPTERS) {
    problems.push(
      `YouTube needs at least ${YOUTUBE_MIN_CHAPTERS} chapters; this script has ${chapters.length}. Add headings to split it.`,
    );
  }
  const first = chapters[0];
  if (first && first.start !== 0) {
    problems.push(
      `The first chapter must start at 00:00; “${first.title}” starts at ${formatChapterTime(first.start)}.`,
    );
  }
  chapters.forEach((chapter, index) => {
    const end = chapters[index + 1]?.start ?? total;
    const length = end - chapter.start;
    if (length < 0) {
      problems.push(`“${chapters[index + 1]?.title}” starts before “${chapter.title}”.`);
    } else if (length < YOUTUBE_MIN_CHAPTER_SECONDS) {
      problems.push(
        `Each chapter must last at least ${YOUTUBE_MIN_CHAPTER_SECONDS} seconds; “${chapter.title}” lasts ${length} s.`,
      );
    }
  });
  return problems;
}
