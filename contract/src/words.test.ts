import { describe, expect, it } from 'vitest';
import { countWords, speakingSeconds } from './words';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['# Intro', 1],
    ['**Bold** and _italic_ and ++under++ and `code`', 7],
    ['- one\n- two\n1. three\n2) four\n> five', 5],
    ['In 2026 we film 3 videos', 6],
    ['[the docs](https://example.com/a/very/long/path?x=1) say', 3],
    ['![a cat](cat.png "Title") sleeps', 3],
    ['see [this][1]\n\n[1]: https://example.com/whatever', 2],
    ["don't stop — it's e-mail v2.5", 5],
    ['Привет мир, 你好 🎬 take 2', 5],
    ['<https://example.com> here', 2],
    ['| a | b |\n|---|---|\n| c | d |', 4],
    ['either/or, well,said', 2],
    ['tab\tand\u00a0no-break\u3000ideographic', 4],
  ])('counts %j as %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });

  it('counts a 1,000,000-character script', () => {
    const script = '## Scene\nHello [world](https://x.io) and friends. '.repeat(20_000);
    expect(script.length).toBeGreaterThan(900_000);
    expect(countWords(script)).toBe(5 * 20_000);
  });
});

describe('speakingSeconds', () => {
  it('turns words into seconds at the pace, rounded up', () => {
    expect(speakingSeconds(150, 150)).toBe(60);
    expect(speakingSeconds(1, 150)).toBe(1);
    expect(speakingSeconds(0, 150)).toBe(0);
  });
});
