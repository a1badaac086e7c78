// The floors (decision 070): each hot route of the product, with the same SQL sent to
// the database in the same order, through a plain `pg` pool (PostgreSQL, FLOOR_DATABASE_URL) or
// a direct PGlite handle (embedded, FLOOR_PGLITE_DIR, the data directory of a stopped server),
// answering the same JSON, and nothing else: no auth, validation, ORM, logging or hooks. What the
// product costs above its floor is ours, not the database's.
//
// The SQL is a copy of what the server sends (captured with `log_statement = all` on PostgreSQL,
// see bench/README.md "Floors"); when a repository's SQL changes, change it here too.
// `?user=` is the caller, `?id=` the item, `?q=` the search.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { collectionPage, itemDate } from '../../server/src/library/publishing/public-html';
import { itemSummary } from '../../server/src/library/publishing/public-excerpt';
import { PUBLISHED_VERSION_LABEL } from '@cw/contract';
import { RENDERING } from '../../server/src/library/publishing/public-rendering';
import { searchFloor } from './search-sql';
import { pathOf } from '@cw/contract/routes';

interface Db {
  /**
   * `name`: the server runs this query as a named prepared statement (decision 172), so the floor
   * does too on PostgreSQL (parsed and planned once per connection); PGlite has no named ones.
   */
  query<T>(text: string, values: unknown[], name?: string): Promise<T[]>;
  /** `text` in a transaction with search's planner settings (server: search.repository.ts). */
  searchQuery<T>(text: string, values: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}
const SEARCH_SETTINGS = ['set local jit = off', 'set local enable_seqscan = off'];

async function openDb(): Promise<Db> {
  const url = process.env.FLOOR_DATABASE_URL;
  if (url) {
    // The server's pool size (server/src/db/client.ts, POOL_MAX).
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // Dates as text, as drizzle reads `date` columns in 'string' mode (publish_on).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === pg.types.builtins.DATE
            ? (value: string) => value
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return {
      query: async <T>(text: string, values: unknown[], name?: string) =>
        (await pool.query(name === undefined ? { text, values } : { name, text, values }))
          .rows as T[],
      searchQuery: async <T>(text: string, values: unknown[]) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (const setting of SEARCH_SETTINGS) await client.query(setting);
          const rows = (await client.query(text, values)).rows as T[];
          await client.query('commit');
          return rows;
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = process.env.FLOOR_PGLITE_DIR;
  if (!dir) throw new Error('floor-server: set FLOOR_DATABASE_URL or FLOOR_PGLITE_DIR');
  // The server's start parameters (server/src/db/client.ts, PGLITE_START_PARAMS).
  const db = new PGlite(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  await db.waitReady;
  return {
    query: async <T>(text: string, values: unknown[]) => (await db.query<T>(text, values)).rows,
    searchQuery: <T>(text: string, values: unknown[]) =>
      db.transaction(async (tx) => {
        for (const setting of SEARCH_SETTINGS) await tx.exec(setting);
        return (await tx.query<T>(text, values)).rows;
      }),
    close: async () => {
      await db.query('CHECKPOINT');
      await db.close();
    },
  };
}

const db = await openDb();
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The auth guard's one look-up: the account of the token still exists. */
const USER_EXISTS = 'select "id" from "users" where "users"."id" = $1 limit $2';
const PEOPLE = `select "id", "first_name", "last_name", "profile_pic" from "users" where "users"."id" = any($1)`;

/* ---- collections list: GET /api/collections/list/?page_size=50 ---- */
const COLLECTION_COLUMNS = `"id", "user_id", "name", "description", "is_active", "is_public", "meta_data", "public_id", "created_on", "updated_on", "deleted_on", "title_search"`;
const COLLECTIONS_PAGE = `select ${COLLECTION_COLUMNS} from "collections" where ("collections"."deleted_on" is null and "collections"."user_id" = $1) order by "collections"."id" desc limit $2 offset $3`;
const COLLECTIONS_COUNT = `select count(*)::int from "collections" where ("collections"."deleted_on" is null and "collections"."user_id" = $1)`;
const CONTENT_COUNTS = `select "content_collections"."collection_id", count(*)::int from "content_collections" inner join "contents" on "contents"."id" = "content_collections"."content_id" where ("content_collections"."collection_id" = any($1) and "contents"."deleted_on" is null) group by "content_collections"."collection_id"`;
const COLLECTION_TAGS = `select "collection_tags"."collection_id", "tags"."id", "tags"."name" from "collection_tags" inner join "tags" on "tags"."id" = "collection_tags"."tag_id" where "collection_tags"."collection_id" = any($1) order by lower("tags"."name") asc, "tags"."id" asc`;
const MEMBERS_PREVIEW = `select "collection_id", "member_user_id", "first_name", "last_name", "profile_pic", "total" from (select "collection_members"."collection_id", "collection_members"."user_id" as "member_user_id", "users"."first_name", "users"."last_name", "users"."profile_pic", row_number() over (partition by "collection_members"."collection_id" order by "collection_members"."id") as "rank", (count(*) over (partition by "collection_members"."collection_id"))::int as "total" from "collection_members" inner join "users" on "users"."id" = "collection_members"."user_id" where ("collection_members"."collection_id" = any($1) and "collection_members"."status" = $2 and "collection_members"."role" <> $3)) "ranked" where "rank" <= $4 order by "ranked"."collection_id" asc, "rank" asc`;

interface Person {
  id: number;
  first_name: string;
  last_name: string;
  profile_pic: string | null;
}
interface Ref {
  owner: number;
  id: number;
  name: string;
}
const groupRefs = (rows: Ref[]) => {
  const by = new Map<number, { id: number; name: string }[]>();
  for (const row of rows) {
    const refs = by.get(row.owner) ?? [];
    refs.push({ id: row.id, name: row.name });
    by.set(row.owner, refs);
  }
  return by;
};

async function collectionsList(user: number) {
  await db.query(USER_EXISTS, [user, 1], 'account_exists');
  const [rows, [counted]] = await Promise.all([
    db.query<Record<string, unknown> & { id: number; user_id: number }>(
      COLLECTIONS_PAGE,
      [user, 50, 0],
      'collections_page_mine_-created_on',
    ),
    db.query<{ count: number }>(COLLECTIONS_COUNT, [user], 'collections_count_mine'),
  ]);
  const ids = rows.map((row) => row.id);
  const owners = [...new Set(rows.map((row) => row.user_id))];
  const [counts, tags, people, members] =
    ids.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          db.query<{ collection_id: number; count: number }>(
            CONTENT_COUNTS,
            [ids],
            'collection_content_counts',
          ),
          db.query<{ collection_id: number; id: number; name: string }>(
            COLLECTION_TAGS,
            [ids],
            'collection_tag_refs',
          ),
          db.query<Person>(PEOPLE, [owners], 'people'),
          db.query<{ collection_id: number; member_user_id: number } & Person & { total: number }>(
            MEMBERS_PREVIEW,
            [ids, 'active', 'owner', 5],
            'collection_member_previews',
          ),
        ]);
  const countOf = new Map(counts.map((row) => [row.collection_id, row.count]));
  const tagsOf = groupRefs(tags.map((row) => ({ owner: row.collection_id, ...row })));
  const nameOf = new Map(people.map((p) => [p.id, fullName(p.first_name, p.last_name)]));
  const results = rows.map((row) => {
    const refs = tagsOf.get(row.id) ?? [];
    const preview = members.filter((m) => m.collection_id === row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      is_active: row.is_active,
      is_public: row.is_public,
      created_on: iso(row.created_on),
      updated_on: iso(row.updated_on),
      tags: refs.map((tag) => tag.id),
      tags_named_list: refs,
      meta_data: row.meta_data,
      user: row.user_id,
      content_count: countOf.get(row.id) ?? 0,
      role: 'owner',
      owner_name: nameOf.get(row.user_id) ?? '',
      member_count: preview[0]?.total ?? 0,
      members_preview: preview.map((m) => ({
        id: m.member_user_id,
        name: fullName(m.first_name, m.last_name),
        profile_pic: m.profile_pic,
      })),
      public_id: row.public_id ?? null,
      public_url: row.public_id
        ? pathOf('public.page', { public_id: String(row.public_id) })
        : null,
    };
  });
  return { count: counted?.count ?? 0, next: null, previous: null, results };
}

/* ---- content items: the list page and one item ---- */
const CONTENT_COLUMNS = `"id", "user_id", "title", "content", "meta_data", "status", "publish_on", "is_public", "word_count", "position", "chapter_starts", "created_on", "updated_on", "updated_by", "deleted_on", "title_search"`;
const CONTENTS_COUNT = `select count(*)::int from "contents" where ("contents"."deleted_on" is null and "contents"."user_id" = $1)`;
const CONTENTS_PAGE = `select ${CONTENT_COLUMNS} from "contents" where ("contents"."deleted_on" is null and "contents"."user_id" = $1) order by "contents"."id" desc limit $2 offset $3`;
const CONTENT_ONE = `select ${CONTENT_COLUMNS} from "contents" where (("contents"."deleted_on" is null and ("contents"."user_id" = $1 or exists (select 1 from "content_collections" inner join "collection_members" on "collection_members"."collection_id" = "content_collections"."collection_id" inner join collections live_c on live_c.id = "collection_members"."collection_id" and live_c.deleted_on is null where ("content_collections"."content_id" = "contents"."id" and "collection_members"."user_id" = $2)))) and "contents"."id" = $3)`;
const CONTENT_TAGS = `select "content_tags"."content_id", "tags"."id", "tags"."name" from "content_tags" inner join "tags" on "tags"."id" = "content_tags"."tag_id" where "content_tags"."content_id" = any($1) order by lower("tags"."name") asc, "tags"."id" asc`;
const CONTENT_FILES = `select "id", "user_id", "content_id", "collection_id", "name", "size", "content_type", "storage_key", "created_on" from "files" where ((not exists (select 1 from contents trashed_item where trashed_item.id = "files"."content_id" and trashed_item.deleted_on is not null) and ("files"."user_id" = $1 or exists (select 1 from "content_collections" inner join "collection_members" on "collection_members"."collection_id" = "content_collections"."collection_id" inner join collections live_c on live_c.id = "collection_members"."collection_id" and live_c.deleted_on is null where ("content_collections"."content_id" = "files"."content_id" and "collection_members"."user_id" = $2)) or exists (select 1 from "collection_members" inner join collections live_c on live_c.id = "collection_members"."collection_id" and live_c.deleted_on is null where ("collection_members"."collection_id" = "files"."collection_id" and "collection_members"."user_id" = $3)))) and "files"."content_id" = any($4)) order by "files"."id" asc`;
const CONTENT_COLLECTIONS = `select "content_collections"."content_id", "collections"."id", "collections"."name" from "content_collections" inner join "collections" on "collections"."id" = "content_collections"."collection_id" where (("collections"."deleted_on" is null and ("collections"."user_id" = $1 or exists (select 1 from "collection_members"  where ("collection_members"."collection_id" = "collections"."id" and "collection_members"."user_id" = $2)))) and "content_collections"."content_id" = any($3)) order by lower("collections"."name") asc, "collections"."id" asc`;

type ContentRow = Record<string, unknown> & {
  id: number;
  user_id: number;
  updated_by: number | null;
};
interface FileRow {
  id: number;
  user_id: number;
  content_id: number | null;
  collection_id: number | null;
  name: string;
  size: number;
  content_type: string;
  created_on: Date;
}

async function contentLinks(user: number, rows: ContentRow[]) {
  const ids = rows.map((row) => row.id);
  const people = [
    ...new Set(rows.flatMap((row) => (row.updated_by === null ? [] : [row.updated_by]))),
  ];
  const [names, tags, files, collections] =
    ids.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          people.length > 0 ? db.query<Person>(PEOPLE, [people], 'people') : Promise.resolve([]),
          db.query<{ content_id: number; id: number; name: string }>(
            CONTENT_TAGS,
            [ids],
            'content_tag_refs',
          ),
          db.query<FileRow>(CONTENT_FILES, [user, user, user, ids], 'content_files'),
          db.query<{ content_id: number; id: number; name: string }>(
            CONTENT_COLLECTIONS,
            [user, user, ids],
            'content_collection_refs',
          ),
        ]);
  const nameOf = new Map(names.map((p) => [p.id, fullName(p.first_name, p.last_name)]));
  const tagsOf = groupRefs(tags.map((row) => ({ owner: row.content_id, ...row })));
  const collectionsOf = groupRefs(collections.map((row) => ({ owner: row.content_id, ...row })));
  return (row: ContentRow) => {
    const tagRefs = tagsOf.get(row.id) ?? [];
    const collectionRefs = collectionsOf.get(row.id) ?? [];
    return {
      id: row.id,
      title: row.title,
      content: row.content,
      tags: tagRefs.map((tag) => tag.id),
      tags_named_list: tagRefs,
      collections: collectionRefs.map((collection) => collection.id),
      collections_named_list: collectionRefs,
      files: files
        .filter((file) => file.content_id === row.id)
        .map((file) => ({
          id: file.id,
          name: file.name,
          size: Number(file.size),
          content_type: file.content_type,
          url: pathOf('files.download', { id: file.id }),
          content: file.content_id,
          collection: file.collection_id,
          created_on: iso(file.created_on),
          user: file.user_id,
        })),
      meta_data: row.meta_data,
      user: row.user_id,
      status: row.status,
      publish_on: row.publish_on,
      is_public: row.is_public,
      word_count: row.word_count,
      position: row.position,
      chapter_starts: row.chapter_starts,
      created_on: iso(row.created_on),
      updated_on: iso(row.updated_on),
      updated_by:
        row.updated_by === null
          ? null
          : { id: row.updated_by, name: nameOf.get(row.updated_by) ?? '' },
      role: 'owner',
    };
  };
}

async function contentsList(user: number) {
  await db.query(USER_EXISTS, [user, 1], 'account_exists');
  const [[counted], rows] = await Promise.all([
    db.query<{ count: number }>(CONTENTS_COUNT, [user], 'contents_count'),
    db.query<ContentRow>(CONTENTS_PAGE, [user, 50, 0], 'contents_page_-created_on'),
  ]);
  const present = await contentLinks(user, rows);
  return { count: counted?.count ?? 0, next: null, previous: null, results: rows.map(present) };
}

async function contentOne(user: number, id: number) {
  await db.query(USER_EXISTS, [user, 1], 'account_exists');
  const [row] = await db.query<ContentRow>(CONTENT_ONE, [user, user, id], 'content_find');
  if (!row) return null;
  return (await contentLinks(user, [row]))(row);
}

/* ---- search: GET /api/search/?q= (the endpoint's page and detail queries) ---- */
async function search(user: number, q: string) {
  await db.query(USER_EXISTS, [user, 1], 'account_exists');
  const floor = searchFloor(q, { userId: user });
  const page = await db.searchQuery<{ type: string; id: number; total: number }>(
    floor.page.text,
    floor.page.values,
  );
  const contentIds = page.filter((hit) => hit.type === 'content').map((hit) => hit.id);
  const details = floor.details(contentIds);
  const rows = details
    ? await db.query<{ id: number; title: string; bodyMarked: string; changed: Date }>(
        details.text,
        details.values,
      )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    count: page[0]?.total ?? 0,
    next: null,
    previous: null,
    results: page.map((hit) => {
      const row = byId.get(hit.id);
      return {
        type: hit.type,
        id: hit.id,
        title: row?.title ?? '',
        snippet: row?.bodyMarked.replace(/[\uE000\uE001]/g, '') ?? '',
        highlights: [],
        title_highlights: [],
        collection: null,
        parent: null,
        updated_on: iso(row?.changed),
        role: 'owner',
      };
    }),
  };
}

/* ---- a public page: GET /p/{public_id} (the same queries, cache and HTML template) ---- */
// As the app since decision 181 (server/src/library/publishing/public.service.ts, `answer`): one version
// query that reads no text; an ETag naming that version (`304` when the client holds it); the
// rendered page kept by that ETag in this process; only on a miss the three queries of the page
// and the template. The version query is a named prepared statement, as the app's (decision
// 172). The SQL is PublicRepository's (`version`, `collection`, `tagNames`,
// `itemStarts`), printed by drizzle (bench/README.md, "Floors").
// Public items show their published version (decision 229): the scope requires one, and the
// page reads its title and text, never `contents.title` / `contents.content`.
const PUBLIC_SCOPE = (collection: string, from: number) =>
  `("contents"."is_public" = $${from} and "contents"."published_version_id" is not null and "contents"."deleted_on" is null and exists (select 1 from "content_collections" where "content_collections"."content_id" = "contents"."id" and "content_collections"."collection_id" = ${collection}))`;
const PUBLIC_VERSION = `select md5(concat_ws(chr(31),
          "collections"."id"::text, "collections"."name", "collections"."description",
          "users"."first_name", "users"."last_name",
          coalesce((select string_agg("tags"."name", chr(30) order by "tags"."id") from "collection_tags" inner join "tags" on "tags"."id" = "collection_tags"."tag_id" where "collection_tags"."collection_id" = "collections"."id"), ''),
          "collections"."feed_full_text"::text,
          coalesce((select string_agg(concat_ws(':', "contents"."id", "contents"."published_version_id", "contents"."publish_on", "contents"."cover_file_id", md5("contents"."summary")), ',' order by "contents"."id") from "contents" where ${PUBLIC_SCOPE('"collections"."id"', 1)}), ''),
          coalesce((select string_agg("files"."id"::text || ':' || "files"."content_id"::text || ':' || "files"."size"::text || ':' || "files"."name", chr(30) order by "files"."id") from "files" inner join "contents" on "contents"."id" = "files"."content_id" where ${PUBLIC_SCOPE('"collections"."id"', 2)} and "files"."is_public"), '')
        )), true from "collections" inner join "users" on "users"."id" = "collections"."user_id" where ("collections"."public_id" = $3 and "collections"."deleted_on" is null) limit $4`;
const PUBLIC_COLLECTION = `select "collections"."id", "collections"."name", "collections"."description", "collections"."feed_full_text", "users"."first_name", "users"."last_name" from "collections" inner join "users" on "users"."id" = "collections"."user_id" where ("collections"."public_id" = $1 and "collections"."deleted_on" is null) limit $2`;
const PUBLIC_TAGS = `select "tags"."name" from "collection_tags" inner join "tags" on "tags"."id" = "collection_tags"."tag_id" where "collection_tags"."collection_id" = $1 order by lower("tags"."name"), "tags"."id" asc`;
const PUBLIC_ITEMS = `select "contents"."id", "content_versions"."title", substr("content_versions"."content", 1, $1), "contents"."summary", "contents"."cover_file_id", "contents"."publish_on", "contents"."created_on", "content_versions"."created_on", coalesce((select min(v.created_on) from content_versions v where v.content_id = "contents"."id" and v.label = $2), "contents"."created_on") from "contents" inner join "content_versions" on "content_versions"."id" = "contents"."published_version_id" where ${PUBLIC_SCOPE('$4', 3)} order by coalesce("contents"."publish_on"::timestamptz, "contents"."created_on") desc, "contents"."id" desc limit $5`;
/** The server's PUBLIC_ITEMS_MAX and ITEM_START_CHARS (server/src/library/publishing/public.repository.ts). */
const PUBLIC_ITEMS_MAX = 200;
const ITEM_START_CHARS = 1000;
const PUBLIC_URL = 'http://localhost';
/** Rendered pages by ETag, as the app's PublicAnswerCache (one page is measured: no eviction). */
const publicPages = new Map<string, string>();

/** Whether an `If-None-Match` holds this ETag (public.service.ts, `holds`). */
const holds = (held: string | undefined, etag: string) =>
  held !== undefined &&
  held
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');

/**
 * `publish_on` as drizzle reads a `date` column ('string' mode): the pg pool above is told so;
 * PGlite's own parser gives a Date at UTC midnight.
 */
const dateText = (value: string | Date | null) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value;

async function renderPublicPage(publicId: string): Promise<string | null> {
  const [row] = await db.query<{
    id: number;
    name: string;
    description: string;
    first_name: string;
    last_name: string;
  }>(PUBLIC_COLLECTION, [publicId, 1]);
  if (!row) return null;
  const [tags, items] = await Promise.all([
    db.query<{ name: string }>(PUBLIC_TAGS, [row.id]),
    // Read by position, as drizzle does (two columns are named created_on).
    db.query<Record<string, unknown>>(PUBLIC_ITEMS, [
      ITEM_START_CHARS,
      PUBLISHED_VERSION_LABEL,
      true,
      row.id,
      PUBLIC_ITEMS_MAX,
    ]),
  ]);
  const page = pathOf('public.page', { public_id: publicId });
  return collectionPage(
    {
      name: row.name,
      description: row.description,
      ownerName: fullName(row.first_name, row.last_name),
      tags: tags.map((tag) => tag.name),
      items: items.map((row) => {
        const [id, title, start, summary, , publishOn, createdOn, , firstPublishedOn] =
          Object.values(row) as [
            number,
            string,
            string,
            string,
            number | null,
            string | Date | null,
            Date,
            Date,
            Date,
          ];
        return {
          href: `${page}/${id}`,
          title,
          date: itemDate({ publishOn: dateText(publishOn), createdOn, firstPublishedOn }),
          excerpt: itemSummary({ summary, content: start, title }),
        };
      }),
    },
    {
      page: `${PUBLIC_URL}${page}`,
      feed: `${PUBLIC_URL}${page}/feed.xml`,
      follow: pathOf('followers.follow', { public_id: publicId }),
    },
  );
}

/** The page's ETag and its HTML (null: the client holds it), or null when not public. */
async function publicPage(
  publicId: string,
  held: string | undefined,
): Promise<{ etag: string; html: string | null } | null> {
  // Unnamed columns ("md5", "?column?"), read by position as drizzle does.
  const [row] = await db.query<Record<string, unknown>>(
    PUBLIC_VERSION,
    [true, true, publicId, 1],
    'public_version',
  );
  const [version, item] = row ? Object.values(row) : [];
  if (item !== true) return null;
  const etag = `"${createHash('sha256')
    .update([RENDERING, PUBLIC_URL, 'page', publicId, '', String(version)].join('\n'))
    .digest('base64url')
    .slice(0, 27)}"`;
  if (holds(held, etag)) return { etag, html: null };
  const cached = publicPages.get(etag);
  if (cached !== undefined) return { etag, html: cached };
  const html = await renderPublicPage(publicId);
  if (html === null) return null;
  publicPages.set(etag, html);
  return { etag, html };
}

const app = Fastify({ logger: false });
const num = (value: unknown) => Number(value);
app.get<{ Querystring: { user: string } }>('/floor/collections', (request) =>
  collectionsList(num(request.query.user)),
);
app.get<{ Querystring: { user: string } }>('/floor/contents', (request) =>
  contentsList(num(request.query.user)),
);
app.get<{ Querystring: { user: string; id: string } }>('/floor/content', async (request, reply) => {
  const item = await contentOne(num(request.query.user), num(request.query.id));
  if (!item) return reply.code(404).send({ detail: 'Not found.' });
  return item;
});
app.get<{ Querystring: { user: string; q: string } }>('/floor/search', (request) =>
  search(num(request.query.user), request.query.q),
);
app.get<{ Querystring: { id: string } }>('/floor/public', async (request, reply) => {
  const answer = await publicPage(request.query.id, request.headers['if-none-match']);
  if (answer === null) return reply.code(404).send('not found');
  void reply.header('etag', answer.etag);
  if (answer.html === null) return reply.code(304).send();
  return reply.type('text/html; charset=utf-8').send(answer.html);
});
app.get('/floor/health', async () => ({ status: 'ok' }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });

const stop = () => {
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
