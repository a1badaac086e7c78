// The floor of the search part: the endpoint's SQL, run straight through the driver
// (decision 070), so the table shows what the SQL costs and what the server adds around it.
//
// The query text is a copy of server/src/library/search/ (the page query of search.repository.ts
// with the default filters, and the detail query of hit-details.ts with the headlines of the
// page's content items), not an import: the bench measures the built server as a black box. The
// tsquery text comes from the server's own parser (pure TypeScript, no database), so both run the
// same query. When the repository's SQL changes, change it here too.
import { parseSearch, splitsIntoWords } from '../../server/src/library/search/query';
import { searchedWords } from '../../server/src/library/search/hit-details';
import type { SearchSeedFacts } from './search-seed';

export interface FloorSql {
  text: string;
  values: unknown[];
}

/** server/src/library/search/snippets.ts: the marks ts_headline puts around a match. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
/** server/src/db/schema.ts: only this much of a body is indexed and headlined. */
const SEARCHED_BODY_MAX = 100_000;
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=1, MaxWords=40, MinWords=20, FragmentDelimiter=" "`;
const HEADLINE_ALL = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

type Type = 'content' | 'note' | 'collection' | 'file' | 'tag';

/**
 * The read scope of the access policy (server/src/policy/library.policy.ts, readScopeParts): the
 * caller's own rows, and the rows of others shared through memberships, run as two parts.
 */
const OWN_SCOPE: Record<Type, string> = {
  content: 'contents.user_id = $1',
  note: 'notes.user_id = $1',
  collection: 'collections.user_id = $1',
  file: 'files.user_id = $1',
  tag: 'tags.user_id = $1',
};
/** The caller's memberships, then those collections by primary key (decision 271). */
const MEMBERSHIPS = 'array(select collection_id from collection_members where user_id = $1)';
const SHARED_COLLECTIONS = `array(select live_c.id from collections live_c where live_c.id = any(${MEMBERSHIPS}) and live_c.deleted_on is null)`;
/** Items shared with the caller, computed once per page query (the `with` of the page query). */
const SHARED_ITEMS_ONCE = `array(select content_collections.content_id from content_collections
      where content_collections.collection_id = any(array(select live_c.id from collections live_c
          where live_c.id = any(${MEMBERSHIPS}) and live_c.deleted_on is null and live_c.user_id <> $1))
        and not exists (select 1 from contents mine where mine.id = content_collections.content_id and mine.user_id = $1)
    union all select content_collections.content_id from content_collections
      inner join collection_members on collection_members.collection_id = content_collections.collection_id
      inner join collections live_c on live_c.id = collection_members.collection_id and live_c.deleted_on is null
      where collection_members.user_id = $1 and live_c.user_id = $1 and content_collections.foreign_owner)`;
const SHARED_ITEMS = '(select ids from search_shared_items)::int[]';
const sharedScope = (items: string): Record<Type, string | null> => ({
  content: `contents.user_id <> $1 and contents.id = any(${items})`,
  note: `notes.user_id <> $1 and notes.collection_id = any(${SHARED_COLLECTIONS})`,
  collection: `collections.user_id <> $1 and collections.id = any(${SHARED_COLLECTIONS})`,
  file: `files.user_id <> $1 and (files.content_id = any(${items}) or files.collection_id = any(${SHARED_COLLECTIONS}))`,
  tag: null,
});
const SHARED_SCOPE = sharedScope(SHARED_ITEMS);
/** Tables whose `search` holds the owner's lexeme `~<user id>` (server/src/db/schema.ts). */
const OWNER_LEXEME: Record<Type, boolean> = {
  content: true,
  note: true,
  collection: false,
  file: false,
  tag: false,
};
/** The read scope in one condition (the detail query). */
const READ_SCOPE = (type: Type) => {
  const shared = sharedScope(SHARED_ITEMS_ONCE)[type];
  return shared === null ? OWN_SCOPE[type] : `(${OWN_SCOPE[type]} or (${shared}))`;
};

/** The title-only vector of each table (`search` where there is no body). */
const TITLE_SEARCH: Record<Type, string> = {
  content: 'contents.title_search',
  note: 'notes.title_search',
  collection: 'collections.title_search',
  file: 'files.search',
  tag: 'tags.search',
};

/**
 * Each part's first rows: the page's 20, and at least 101, as search counts exactly up to 100
 * hits from what the parts read (search.repository.ts, SEARCH_EXACT_COUNT_MAX).
 */
const FIRST = 101;
/** search.repository.ts, SEARCH_WALK_ROWS: the newest rows a word's other hits are looked for in. */
const WALK_ROWS = 2000;

const TABLE: Record<Type, string> = {
  content: 'contents',
  note: 'notes',
  collection: 'collections',
  file: 'files',
  tag: 'tags',
};

const CHANGED: Record<Type, string> = {
  content: 'coalesce(contents.updated_on, contents.created_on)',
  note: 'coalesce(notes.updated_on, notes.created_on)',
  collection: 'coalesce(collections.updated_on, collections.created_on)',
  file: 'files.created_on',
  tag: 'tags.created_on',
};

/**
 * Rows carrying a tag of that name (ignoring case), among the owner's tags (decision 271);
 * undefined for types without tags.
 */
function carries(type: Type, name: string): string | undefined {
  // ::text: the driver sends an untyped parameter, and lower() also takes ranges.
  const named = `lower(tags.name) = lower(${name}::text)`;
  switch (type) {
    case 'content':
      return `exists (select 1 from content_tags inner join tags on tags.id = content_tags.tag_id where content_tags.content_id = contents.id and tags.user_id = contents.user_id and ${named})`;
    case 'collection':
      return `exists (select 1 from collection_tags inner join tags on tags.id = collection_tags.tag_id where collection_tags.collection_id = collections.id and tags.user_id = collections.user_id and ${named})`;
    case 'note':
      return `exists (select 1 from unnest(notes.tags) as note_tag where lower(note_tag) = lower(${name}::text))`;
    case 'file':
    case 'tag':
      return undefined;
  }
}

export interface SearchFloor {
  /** The page query: hits of all five types, best first, with the total. */
  page: FloorSql;
  /** The headlines and details of the page's content items (given their ids). */
  details: (contentIds: number[]) => FloorSql | null;
}

/** `q` as the endpoint runs it for the first user, default filters, first page of 20. */
export function searchFloor(q: string, facts: Pick<SearchSeedFacts, 'userId'>): SearchFloor {
  const parsed = parseSearch(q);
  if (!parsed) throw new Error(`the server's parser finds nothing to search in ${q}`);
  const values: unknown[] = [facts.userId];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const tsquery = parsed.tsquery;
  const query = tsquery === null ? null : `to_tsquery('english', ${param(tsquery)})`;
  const tags = parsed.tags.map(param);
  const excluded = parsed.excludedTags.map(param);
  const types = (['content', 'note', 'collection', 'file', 'tag'] as const).filter(
    (type) => parsed.tags.length === 0 || carries(type, '') !== undefined,
  );
  const owner = query ? param(`'~${facts.userId}'`) : null;
  const pairs =
    query && parsed.phrases.length > 0
      ? `(phrase_pairs(${param(parsed.phrases)}::text[]) && ${owner}::tsquery)`
      : null;
  const walks: string[] = [];
  const parts = types.flatMap((type) => {
    const table = TABLE[type];
    const match = query ? [`${table}.search @@ ${query}`] : [];
    const where = [
      ...tags.flatMap((name) => carries(type, name) ?? []),
      ...excluded.flatMap((name) => {
        const carrying = carries(type, name);
        return carrying ? [`not ${carrying}`] : [];
      }),
    ];
    const inTitle = query ? `${TITLE_SEARCH[type]} @@ ${query}` : 'false';
    const select = (title: string, rank: string) =>
      `select '${type}'::text as type, ${table}.id as id, ${title} as in_title, ${rank} as rank, ${CHANGED[type]} as changed from ${table}`;
    // Each part gives its first rows in the page's order (decision 263); the rank orders the
    // title matches only (decision 112).
    const rank = query
      ? `case when ${inTitle} then ts_rank_cd(${TITLE_SEARCH[type]}, ${query}) else 0 end`
      : '0::real';
    const ordered = (scope: string) =>
      `(${select(inTitle, rank)} where ${[scope, ...match, ...where].join(' and ')} order by in_title desc, rank desc, changed desc, id desc limit ${FIRST})`;
    const shared = SHARED_SCOPE[type];
    const sharedPart = shared ? [ordered(shared)] : [];
    if (!query || !owner || !OWNER_LEXEME[type]) return [ordered(OWN_SCOPE[type]), ...sharedPart];
    // The own rows: title matches from the index of titles scoped to their owner (decision
    // 270), the other hits newest first (the live-by-change index or the GIN index).
    const own = [OWN_SCOPE[type], `${table}.deleted_on is null`, ...where];
    const ownMatch = `${table}.search @@ (${query} && ${owner}::tsquery)`;
    const titleMatch = [
      `owner_scoped_vector(${TITLE_SEARCH[type]}, ${table}.user_id) @@ owner_scoped_query(${query}, $1::int)`,
      ...own,
      ...(tsquery?.includes('!') ? [ownMatch] : []),
    ];
    // A phrase's other hits come from the GIN index (OFFSET 0), not a walk by change.
    const others = [...own, `not (${inTitle})`];
    const phrase = (tsquery?.match(/'(?:[^']|'')*'/g) ?? []).some((term) =>
      splitsIntoWords(term.slice(1, -1)),
    );
    const titlePart = `(${select('true', `ts_rank_cd(${TITLE_SEARCH[type]}, ${query})`)} where ${titleMatch.join(' and ')} order by rank desc, changed desc, id desc limit ${FIRST})`;
    if (phrase && pairs) {
      // The phrases' word pairs (decision 273): the candidates from the index of the live rows'
      // pairs, each looked up by key and tested; the rows holding the words only without pairs.
      return [
        titlePart,
        `(select hit.* from (select ${table}.id as candidate from ${table} where owner_pairs(${table}.search, ${table}.user_id) @@ ${pairs} and ${table}.deleted_on is null offset 0) candidates cross join lateral (${select('false', '0::real')} where ${table}.id = candidates.candidate and ${ownMatch} and ${others.join(' and ')} offset 0) hit order by hit.changed desc, hit.id desc limit ${FIRST})`,
        `(${select('false', '0::real')} where ${pairs} is null and ${table}.id in (select id from ${table} where ${ownMatch} offset 0) and ${others.join(' and ')} order by changed desc, id desc limit ${FIRST})`,
        ...sharedPart,
      ];
    }
    if (phrase) {
      return [
        titlePart,
        `(${select('false', '0::real')} where ${table}.id in (select id from ${table} where ${ownMatch} offset 0) and ${others.join(' and ')} order by changed desc, id desc limit ${FIRST})`,
        ...sharedPart,
      ];
    }
    // A word: the newest rows walked by change, then the older hits from the GIN index only
    // when the walk does not fill the part (decision 267).
    const newest = `select *, ${CHANGED[type]} as walk_changed from ${table} where ${own.join(' and ')} order by walk_changed desc, ${table}.id desc limit ${WALK_ROWS}`;
    walks.push(
      `search_walk_${type} as materialized (select '${type}'::text as type, ${table}.id as id, false as in_title, 0::real as rank, walk_changed as changed from (${newest}) ${table} where ${table}.search @@ ${query} and not (${inTitle}) order by walk_changed desc, ${table}.id desc limit ${FIRST})`,
      `search_walk_end_${type} as materialized (select ${CHANGED[type]} as changed, ${table}.id as id from ${table} where ${own.join(' and ')} order by changed desc, id desc offset ${WALK_ROWS - 1} limit 1)`,
    );
    return [
      titlePart,
      `(select * from search_walk_${type})`,
      `(${select('false', '0::real')} where (select count(*) from search_walk_${type}) < ${FIRST} and (${CHANGED[type]}, ${table}.id) < (select changed, id from search_walk_end_${type}) and ${[...others, ownMatch].join(' and ')} order by changed desc, id desc limit ${FIRST})`,
      ...sharedPart,
    ];
  });
  // Without tags, the endpoint's page query also checks that the text query is indexable.
  const guard =
    query && parsed.tags.length === 0 ? ` where querytree(${query}) not in ('', 'T')` : '';
  const page = {
    text: `with ${[`search_shared_items as materialized (select ${SHARED_ITEMS_ONCE} as ids)`, ...walks].join(', ')}
      select type, id, count(*) over ()::int as total from (${parts.join(' union all ')}) hits${guard}
      order by in_title desc, rank desc, changed desc, type, id desc limit 20 offset 0`,
    values,
  };
  const details = (ids: number[]): FloorSql | null => {
    if (ids.length === 0) return null;
    const own: unknown[] = [facts.userId];
    const p = (value: unknown) => {
      own.push(value);
      return `$${own.length}`;
    };
    const unmarked = (text: string) => `translate(${text}, ${p(MARK_START + MARK_END)}, '')`;
    // Parameters are numbered as they are made: an unused one has no type and fails the query.
    const headline = (text: () => string, options: string) =>
      tsquery === null
        ? `''`
        : `ts_headline('english', ${unmarked(text())}, to_tsquery('english', ${p(tsquery)}), ${p(options)})`;
    // The server headlines a window of the body (search.repository.ts, bodyWindow).
    const body =
      tsquery === null
        ? `''`
        : `(select ts_headline('english', ${unmarked('piece.text')}, to_tsquery('english', ${p(tsquery)}), ${p(HEADLINE)})
          from (select case
              when length(b.body) <= 600 then b.body
              else regexp_replace(
                regexp_replace(substr(b.body, w.start, 600), case when w.start > 1 then '^\\S*\\s+' else '^' end, ''),
                case when w.start + 600 <= length(b.body) then '\\s+\\S*$' else '$' end, '')
            end as text
            from (select body, lower(body) as low from (select left(contents.content, ${p(SEARCHED_BODY_MAX)}) as body offset 0) b0 offset 0) b,
              lateral (select greatest(1, coalesce((select min(found) from unnest(${p(searchedWords(tsquery))}::text[]) as word,
                strpos(b.low, word) as found where found > 0), 1) - 150) as start offset 0) w) piece)`;
    const title = headline(() => 'contents.title', HEADLINE_ALL);
    return {
      text: `select contents.id as id, contents.title as title, contents.user_id as "userId",
          coalesce(contents.updated_on, contents.created_on) as changed,
          ${body} as "bodyMarked", ${title} as "titleMarked",
          null::int as "collectionId", null::int as "contentId"
        from contents where ${READ_SCOPE('content')} and contents.id in (${ids.map(p).join(', ')})`,
      values: own,
    };
  };
  return { page, details };
}
