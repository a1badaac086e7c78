import { sql, type SQL } from 'drizzle-orm';
import type { SearchType } from '@cw/contract';
import { collections, contents, files, notes, SEARCHED_BODY_MAX, tags } from '../../db/schema';
import type { Caller } from '../../policy/caller';
import { scopeOf } from '../../policy/library.policy';
import { MARK_END, MARK_START } from './snippets';

/*
 * What search shows of the rows of a page (docs/api.md, "Search"; decisions 110 and 112): titles
 * and headlines with the matches marked, the body's headline made from a window around the
 * first match, not from the whole body.
 */

/** A table search reads. */
export type SearchTable =
  typeof contents | typeof notes | typeof collections | typeof files | typeof tags;

/** The text query as PostgreSQL reads it (a bound parameter). */
export const tsQuery = (tsquery: string) => sql`to_tsquery('english', ${tsquery})`;

/** The marks, removed from the text before the database adds its own. */
const unmarked = (text: SQL) => sql`translate(${text}, ${MARK_START + MARK_END}, '')`;
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxFragments=1, MaxWords=40, MinWords=20, FragmentDelimiter=" "`;
const HEADLINE_ALL = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

/** Characters of a body given to ts_headline: a window, not the whole body (decision 110). */
export const HEADLINE_WINDOW = 600;
/** How much of the window lies before the first occurrence of a query word. */
const WINDOW_BEFORE = 150;

/**
 * The words to look for in a body, in lower case: the lexemes of the tsquery text, cut to their
 * first 5 characters (a stemmed lexeme such as `festiv` or `happi` shares about that much with
 * the word in the text; a prefix `scri:*` is its own start).
 */
export function searchedWords(tsquery: string): string[] {
  const words = new Set<string>();
  for (const match of tsquery.matchAll(/'((?:[^'\\]|''|\\.)*)'/g)) {
    const lexeme = (match[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1').toLowerCase();
    if (lexeme !== '') words.add(lexeme.slice(0, 5));
  }
  return [...words];
}

/**
 * A select of one `text`: about HEADLINE_WINDOW characters of `body` around the first
 * case-insensitive occurrence of one of `words` (the start when there is none), without the
 * partial words at its ends (a cut word could match a prefix query). ts_headline parses all it
 * is given: 20 whole bodies of 5,600 characters cost 31 ms, 20 windows of 1,000 characters 6 ms (600 are enough for a 240-character snippet).
 * Each step is fenced with `offset 0`: inlined, `b.body` and `w.start` were computed again at
 * every use (the body detoasted and lower-cased once per word and per use of the start), which
 * cost 44 ms for a page of 20 instead of 16 (decision 112).
 */
function bodyWindow(body: SQL, words: string[]): SQL {
  const first = sql`(select min(found) from unnest(${sql.param(words)}::text[]) as word, strpos(b.low, word) as found where found > 0)`;
  return sql`select case
      when length(b.body) <= ${HEADLINE_WINDOW} then b.body
      else regexp_replace(
        regexp_replace(substr(b.body, w.start, ${HEADLINE_WINDOW}), case when w.start > 1 then '^\S*\s+' else '^' end, ''),
        case when w.start + ${HEADLINE_WINDOW} <= length(b.body) then '\s+\S*$' else '$' end, '')
    end as text
    from (select body, lower(body) as low from (select ${body} as body offset 0) b0 offset 0) b,
      lateral (select greatest(1, coalesce(${first}, 1) - ${WINDOW_BEFORE}) as start offset 0) w`;
}

/**
 * The query of SearchRepository.details: titles, owners, dates, headlines and readable parents
 * of a page's rows, every type in one query inside the read scope (decision 112); null when no
 * row is asked for.
 */
export function hitDetailsQuery(
  caller: Caller,
  byType: ReadonlyMap<SearchType, number[]>,
  tsquery: string | null,
): SQL | null {
  const headline = (text: SQL, options: string) =>
    tsquery === null
      ? sql`''`
      : sql`ts_headline('english', ${unmarked(text)}, ${tsQuery(tsquery)}, ${options})`;
  const words = tsquery === null ? [] : searchedWords(tsquery);
  const body = (text: SQL) =>
    tsquery === null
      ? sql`''`
      : sql`(select ts_headline('english', ${unmarked(sql`piece.text`)}, ${tsQuery(tsquery)}, ${HEADLINE}) from (${bodyWindow(sql`left(${text}, ${SEARCHED_BODY_MAX})`, words)}) piece)`;
  const title = (text: SQL) => headline(text, HEADLINE_ALL);
  // The parents' titles, when the caller may read them.
  const collectionTitle = (id: SQL) =>
    sql`(select ${collections.name} from ${collections} where ${collections.id} = ${id} and ${scopeOf(caller, 'collections', 'read')})`;
  const contentTitle = (id: SQL) =>
    sql`(select ${contents.title} from ${contents} where ${contents.id} = ${id} and ${scopeOf(caller, 'contents', 'read')})`;
  const select = (
    type: SearchType,
    ids: number[],
    fields: {
      table: SearchTable;
      id: SQL;
      title: SQL;
      userId: SQL;
      changed: SQL;
      body: SQL;
      collectionId: SQL;
      contentId: SQL;
      collectionTitle: SQL;
      contentTitle: SQL;
      scope: SQL;
    },
  ) => sql`select ${type}::text as type, ${fields.id} as id, ${fields.title} as title, ${fields.userId} as "userId",
      ${fields.changed} as changed, ${fields.body} as "bodyMarked", ${title(fields.title)} as "titleMarked",
      ${fields.collectionId} as "collectionId", ${fields.contentId} as "contentId",
      ${fields.collectionTitle} as "collectionTitle", ${fields.contentTitle} as "contentTitle"
    from ${fields.table} where ${fields.scope} and ${fields.id} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const none = sql`null::int`;
  const noTitle = sql`null::text`;
  const queries: Record<SearchType, (ids: number[]) => SQL> = {
    content: (ids) =>
      select('content', ids, {
        table: contents,
        id: sql`${contents.id}`,
        title: sql`${contents.title}`,
        userId: sql`${contents.userId}`,
        changed: sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`,
        body: body(sql`${contents.content}`),
        collectionId: none,
        contentId: none,
        collectionTitle: noTitle,
        contentTitle: noTitle,
        scope: scopeOf(caller, 'contents', 'read'),
      }),
    note: (ids) =>
      select('note', ids, {
        table: notes,
        id: sql`${notes.id}`,
        title: sql`${notes.title}`,
        userId: sql`${notes.userId}`,
        changed: sql`coalesce(${notes.updatedOn}, ${notes.createdOn})`,
        body: body(sql`${notes.content}`),
        collectionId: sql`${notes.collectionId}`,
        contentId: none,
        collectionTitle: collectionTitle(sql`${notes.collectionId}`),
        contentTitle: noTitle,
        scope: scopeOf(caller, 'notes', 'read'),
      }),
    collection: (ids) =>
      select('collection', ids, {
        table: collections,
        id: sql`${collections.id}`,
        title: sql`${collections.name}`,
        userId: sql`${collections.userId}`,
        changed: sql`coalesce(${collections.updatedOn}, ${collections.createdOn})`,
        body: body(sql`${collections.description}`),
        collectionId: none,
        contentId: none,
        collectionTitle: noTitle,
        contentTitle: noTitle,
        scope: scopeOf(caller, 'collections', 'read'),
      }),
    file: (ids) =>
      select('file', ids, {
        table: files,
        id: sql`${files.id}`,
        title: sql`${files.name}`,
        userId: sql`${files.userId}`,
        changed: sql`${files.createdOn}`,
        body: sql`''`,
        collectionId: sql`${files.collectionId}`,
        contentId: sql`${files.contentId}`,
        collectionTitle: collectionTitle(sql`${files.collectionId}`),
        contentTitle: contentTitle(sql`${files.contentId}`),
        scope: scopeOf(caller, 'files', 'read'),
      }),
    tag: (ids) =>
      select('tag', ids, {
        table: tags,
        id: sql`${tags.id}`,
        title: sql`${tags.name}`,
        userId: sql`${tags.userId}`,
        changed: sql`${tags.createdOn}`,
        body: sql`''`,
        collectionId: none,
        contentId: none,
        collectionTitle: noTitle,
        contentTitle: noTitle,
        scope: scopeOf(caller, 'tags', 'read'),
      }),
  };
  const parts = [...byType]
    .filter(([, ids]) => ids.length > 0)
    .map(([type, ids]) => sql`(${queries[type](ids)})`);
  if (parts.length === 0) return null;
  return sql.join(parts, sql` union all `);
}
