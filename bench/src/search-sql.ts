// The floor of the search part: the endpoint's main query, run straight through the driver
// (decision 070), so the table shows what the SQL costs and what the HTTP layer adds.
//
// This is a copy of the query of the server branch, not an import: the bench measures the
// built server as a black box. When the endpoint's SQL changes, change it here too.
import type { SearchSeedFacts } from './search-seed';

export interface FloorSql {
  text: string;
  values: unknown[];
}

/** The tsvector column of the searched tables (server migration 0005_search). */
export const SEARCH_COLUMN = 'search';

interface Parsed {
  /** A to_tsquery text ('' when the query was only a #tag). */
  tsquery: string;
  tags: string[];
}

/**
 * The web-search syntax of contract §6 as to_tsquery text: words are ANDed, `"a b"` is a
 * phrase, `-w` excludes, `a OR b`, `#tag` filters by tag, and the last word, when typed
 * without a trailing space, also matches as a prefix.
 */
export function parseQuery(q: string): Parsed {
  const tags: string[] = [];
  const parts: string[] = [];
  const tokens = q.match(/-?"[^"]*"?|\S+/g) ?? [];
  let or = false;
  const clean = (word: string) =>
    word
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  tokens.forEach((token, index) => {
    if (token === 'OR') {
      or = parts.length > 0;
      return;
    }
    if (token.startsWith('#')) {
      tags.push(token.slice(1).toLowerCase());
      return;
    }
    const negated = token.startsWith('-') && token.length > 1;
    const body = negated ? token.slice(1) : token;
    let term: string;
    if (body.startsWith('"')) {
      const words = clean(body.replace(/"/g, '')).split(/\s+/).filter(Boolean);
      if (words.length === 0) return;
      term = words.length === 1 ? (words[0] ?? '') : `(${words.join(' <-> ')})`;
    } else {
      const words = clean(body).split(/\s+/).filter(Boolean);
      if (words.length === 0) return;
      const last = index === tokens.length - 1 && !negated && !/\s$/.test(q);
      term = words.map((w, i) => (last && i === words.length - 1 ? `${w}:*` : w)).join(' & ');
      if (words.length > 1) term = `(${term})`;
    }
    if (negated) term = `!${term}`;
    if (or && parts.length > 0) parts.push(`${parts.pop() ?? ''} | ${term}`);
    else parts.push(term);
    or = false;
  });
  return { tsquery: parts.join(' & '), tags };
}

/** Content items only: the biggest table, and the one every query touches. */
export function searchFloor(q: string, facts: SearchSeedFacts): FloorSql {
  const parsed = parseQuery(q);
  const values: unknown[] = [facts.userId];
  const where: string[] = ['c.user_id = $1'];
  let rank = '0';
  if (parsed.tsquery) {
    values.push(parsed.tsquery);
    where.push(`c.${SEARCH_COLUMN} @@ to_tsquery('english', $${values.length})`);
    rank = `ts_rank_cd(c.${SEARCH_COLUMN}, to_tsquery('english', $${values.length}))`;
  }
  for (const tag of parsed.tags) {
    values.push(tag);
    where.push(
      `exists (select 1 from content_tags ct join tags t on t.id = ct.tag_id
               where ct.content_id = c.id and t.user_id = $1 and lower(t.name) = $${values.length})`,
    );
  }
  return {
    text: `select c.id, c.title, ${rank} as rank from contents c
           where ${where.join(' and ')}
           order by rank desc, c.id desc limit 20`,
    values,
  };
}
