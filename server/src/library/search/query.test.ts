import fc from 'fast-check';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSearch, quoteLexeme, SEARCH_TERMS_MAX } from './query';
import { cut, MARK_END, MARK_START, rangesIn, unmark } from './snippets';

const text = (q: string) => parseSearch(q)?.tsquery;

describe('parseSearch', () => {
  it('turns the grammar into to_tsquery text of quoted tokens', () => {
    expect(text('video edit')).toBe("'video' & 'edit':*");
    expect(text('"exact phrase" more')).toBe("'exact phrase' & 'more':*");
    expect(text('cats -dogs')).toBe("'cats' & !'dogs'");
    expect(text('a OR b c')).toBe("('a' | 'b') & 'c':*");
    expect(text('a OR b OR c')).toBe("('a' | 'b' | 'c':*)");
    expect(text('"unclosed phrase')).toBe("'unclosed phrase'");
    // A lower-case or is a (stop) word; OR at an edge or beside an exclusion is ignored.
    expect(text('a or b')).toBe("'a' & 'or' & 'b':*");
    expect(text('OR a OR')).toBe("'a'");
    expect(text('-a OR b')).toBe("!'a' & 'b':*");
  });

  it('takes tags apart from the text', () => {
    expect(parseSearch('#Video #"two words" -#draft edit')).toEqual({
      tsquery: "'edit':*",
      hasPositiveText: true,
      tags: ['Video', 'two words'],
      excludedTags: ['draft'],
      phrases: [],
    });
    expect(parseSearch('#solo')).toEqual({
      tsquery: null,
      hasPositiveText: false,
      tags: ['solo'],
      excludedTags: [],
      phrases: [],
    });
  });

  it('escapes quotes and backslashes, and says when there is nothing to search', () => {
    expect(quoteLexeme("it's a \\ test")).toBe("'it''s a \\\\ test'");
    expect(text("o'neil")).toBe("'o''neil':*");
    expect(parseSearch('   ')).toBeNull();
    expect(parseSearch('""  OR')).toBeNull();
    expect(parseSearch('-x')).toMatchObject({ tsquery: "!'x'", hasPositiveText: false });
  });

  it('lists the phrases every match holds, for their word pairs (decision 273)', () => {
    const phrases = (q: string) => parseSearch(q)?.phrases;
    expect(phrases('"golden hour" light well-known end')).toEqual(['golden hour', 'well-known']);
    // An OR alternative, an exclusion and the last bare word (a prefix) need not be held.
    expect(phrases('"golden hour" OR dusk')).toEqual([]);
    expect(phrases('dawn OR "golden hour"')).toEqual([]);
    expect(phrases('-"golden hour" light')).toEqual([]);
    expect(phrases('light well-kno')).toEqual([]);
    expect(phrases('"one"')).toEqual([]);
  });

  it(`uses at most ${SEARCH_TERMS_MAX} terms`, () => {
    const many = Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ');
    expect(text(many)?.split(' & ')).toHaveLength(SEARCH_TERMS_MAX);
  });
});

describe('parseSearch against the database', () => {
  const db = new PGlite();
  afterAll(async () => {
    await db.close();
  });

  it('gives, for any string, nothing to search or a tsquery PostgreSQL accepts', async () => {
    const noisy = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc
        .array(
          fc.constantFrom(
            '"',
            "'",
            '\\',
            '-',
            '#',
            'OR',
            ' ',
            '!',
            '&',
            '|',
            ':*',
            '(',
            ')',
            'a',
            'the',
            '\uE000',
          ),
          {
            maxLength: 40,
          },
        )
        .map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(noisy, async (q) => {
        const parsed = parseSearch(q.replace(/\0/g, ''));
        if (parsed?.tsquery == null) return;
        await db.query(`select to_tsquery('english', $1)`, [parsed.tsquery]);
      }),
      { numRuns: 120 },
    );
  });
});

describe('snippets', () => {
  const m = (s: string) => s.replace(/\[/g, MARK_START).replace(/\]/g, MARK_END);

  it('removes the marks, collapses whitespace and keeps the offsets right', () => {
    const { text: plain, ranges } = unmark(m('  one\n\n[two]   three [four]\t'));
    expect(plain).toBe('one two three four');
    expect(ranges.map(([s, e]) => plain.slice(s, e))).toEqual(['two', 'four']);
  });

  it('cuts long text around the first match at word boundaries', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    words[120] = '[target]';
    const { text: plain, ranges } = unmark(m(words.join(' ')));
    const piece = cut(plain, ranges, 240);
    expect(piece.text.length).toBeLessThanOrEqual(240);
    expect(piece.text.slice(...piece.ranges[0]!)).toBe('target');
    expect(piece.text).toMatch(/^word\d+ .* word\d+$/);
    // Short text is left alone.
    expect(cut('short', [[0, 5]], 240)).toEqual({ text: 'short', ranges: [[0, 5]] });
  });

  it('finds a headline’s marked words in the original title', () => {
    const title = 'My <i>Running</i> title, running';
    expect(rangesIn(title, m('My <i>[Running]</i> title, [running]'))).toEqual([
      [6, 13],
      [25, 32],
    ]);
  });
});
