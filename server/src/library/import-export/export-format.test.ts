import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  collectionPath,
  contentPath,
  filePath,
  markdownFile,
  notePath,
  slugOf,
} from './export-format';

describe('export layout', () => {
  it('slugs names in any script, and never to nothing', () => {
    expect(slugOf('Season 2: The Road Trip!')).toBe('season-2-the-road-trip');
    expect(slugOf('Café crème')).toBe('cafe-creme');
    expect(slugOf('東京の夜')).toBe('東京の夜');
    expect(slugOf('🎬🎬')).toBe('untitled');
    expect(slugOf('../../etc/passwd')).toBe('etc-passwd');
    expect(slugOf('x'.repeat(100))).toHaveLength(60);
  });

  it('names every file as the contract lays them out', () => {
    const season = { id: 3, name: 'Season 2' };
    expect(collectionPath(season)).toBe('collections/season-2-3/collection.md');
    expect(notePath(season, { id: 9, title: 'Guest list' })).toBe(
      'collections/season-2-3/notes/guest-list-9.md',
    );
    expect(contentPath({ id: 12, title: 'Cold open' })).toBe('content/cold-open-12.md');
    expect(filePath({ id: 5, name: 'a/b\\c.png' })).toBe('files/5-a_b_c.png');
  });

  it('writes front matter that YAML reads back exactly, then the body untouched', () => {
    const title = 'A "quoted": title\nwith # and --- inside';
    const text = markdownFile(
      { title, tags: ['déjà vu', '#1'], publish_on: null },
      '# Body\n---\n',
    );
    const [, yaml, body] = /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(text) ?? [];
    expect(parse(yaml!)).toEqual({ title, tags: ['déjà vu', '#1'], publish_on: null });
    expect(body).toBe('# Body\n---\n');
  });
});
