import { describe, expect, it } from 'vitest';
import {
  LINKS_PER_ITEM,
  linkTargetsOf,
  normaliseLinkText,
  wikilinksAsText,
  wikilinksIn,
} from './wikilinks-text';

describe('`[[…]]` links in a text (decision 211)', () => {
  it('finds targets, shown texts and where they are', () => {
    const text = 'See [[Camera Settings]] and [[ Lights | the lights ]].';
    expect(wikilinksIn(text)).toEqual([
      { target: 'Camera Settings', shown: undefined, start: 4, end: 23 },
      { target: ' Lights ', shown: 'the lights', start: 28, end: 53 },
    ]);
  });

  it('keeps each target once, normalised: trimmed and in lower case', () => {
    expect(linkTargetsOf('[[Plan]] [[ plan ]] [[PLAN|x]] [[Other]]')).toEqual(['plan', 'other']);
    expect(normaliseLinkText('  Émile Zola ')).toBe('émile zola');
  });

  it('is not fooled by brackets, blank targets, line breaks or over-long titles', () => {
    expect(linkTargetsOf('[[]] [[ ]] [[a\nb]] [[a[b]] [x] [[ok]]')).toEqual(['ok']);
    expect(linkTargetsOf(`[[${'a'.repeat(256)}]]`)).toEqual([]);
    expect(linkTargetsOf(`[[${'a'.repeat(255)}]]`)).toHaveLength(1);
  });

  it('keeps at most LINKS_PER_ITEM targets', () => {
    const many = Array.from({ length: LINKS_PER_ITEM + 20 }, (_, i) => `[[t${i}]]`).join(' ');
    expect(linkTargetsOf(many)).toHaveLength(LINKS_PER_ITEM);
  });

  it('reads links as their words (the teleprompter)', () => {
    expect(wikilinksAsText('Open [[Intro]], then [[Outro|the end]].')).toBe(
      'Open Intro, then the end.',
    );
    expect(wikilinksAsText('No links [here].')).toBe('No links [here].');
  });
});
