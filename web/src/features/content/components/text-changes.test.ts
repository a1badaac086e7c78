import { describe, expect, it } from 'vitest';
import { countChangedWords, textChanges } from './text-changes';

describe('textChanges', () => {
  it('marks removed and added words between a version and today', () => {
    const changes = textChanges('The quick brown fox', 'The slow brown fox jumps');
    expect(changes.filter((c) => c.kind === 'removed').map((c) => c.value.trim())).toEqual([
      'quick',
    ]);
    expect(
      changes
        .filter((c) => c.kind !== 'removed')
        .map((c) => c.value)
        .join(''),
    ).toBe('The slow brown fox jumps');
    expect(
      changes
        .filter((c) => c.kind !== 'added')
        .map((c) => c.value)
        .join(''),
    ).toBe('The quick brown fox');
    expect(countChangedWords(changes)).toEqual({ added: 2, removed: 1 });
  });

  it('says nothing changed for the same text', () => {
    const changes = textChanges('Same words\n\nhere', 'Same words\n\nhere');
    expect(changes).toEqual([{ value: 'Same words\n\nhere', kind: 'same' }]);
    expect(countChangedWords(changes)).toEqual({ added: 0, removed: 0 });
  });

  it('still answers, by lines, for two long texts that share nothing', () => {
    const words = (seed: string) =>
      Array.from({ length: 20_000 }, (_, i) => `${seed}${i}`).join(' ');
    const changes = textChanges(words('a'), words('b'));
    expect(
      changes
        .filter((c) => c.kind !== 'removed')
        .map((c) => c.value)
        .join(''),
    ).toBe(words('b'));
  });
});
