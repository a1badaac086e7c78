import { describe, expect, it } from 'vitest';
import { clearRecentSearches, readRecentSearches, rememberSearch } from './recent-searches';

describe('recent searches', () => {
  it('keeps the newest six per user, once each ignoring case', () => {
    for (const q of ['a', 'b', 'c', 'd', 'e', 'f', 'g', '  B  ']) rememberSearch(7, q);
    expect(readRecentSearches(7)).toEqual(['B', 'g', 'f', 'e', 'd', 'c']);
    expect(readRecentSearches(8)).toEqual([]);
    rememberSearch(7, '   ');
    expect(readRecentSearches(7)).toHaveLength(6);
    clearRecentSearches(7);
    expect(readRecentSearches(7)).toEqual([]);
  });

  it('survives broken storage', () => {
    localStorage.setItem('cw.recent-searches.7', '{not json');
    expect(readRecentSearches(7)).toEqual([]);
    localStorage.setItem('cw.recent-searches.7', JSON.stringify(['ok', 3, '']));
    expect(readRecentSearches(7)).toEqual(['ok']);
  });
});
