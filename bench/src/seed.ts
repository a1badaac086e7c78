// Test data. Accounts go through the API (register, mailed code, verify), exactly as a user
// makes them; the bulk rows (1,000 collections, 10,000 content items, 500 tags) go straight
// into the same database with set-based SQL, because making them through 11,500 POSTs would
// take minutes and measure nothing the create benchmark does not already measure.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export const PASSWORD = 'bench-password-1';
export const USERS = {
  /** 1,000 collections (20 tags, two on most collections); creates content in the bench. */
  library: 'bench-library@example.com',
  /** 10,000 content items and 500 tags, three tags per item. */
  scale: 'bench-scale@example.com',
  /** Only logs in, 10 times a second, during the login-under-load run. */
  login: 'bench-login@example.com',
} as const;

export const SEED = { collections: 1000, libraryTags: 20, contents: 10_000, scaleTags: 500 };
/** `?name=` query of the tag filter: matches tag-040 … tag-049, ten of the 500 tags. */
export const TAG_NAME_QUERY = 'tag-04';

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function postgresRunner(url: string): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (sql) => {
      await client.query(sql);
    },
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: () => client.end(),
  };
}

/** Opens the embedded database of a stopped server (DATA_DIR/db, docs/operations.md). */
export async function pgliteRunner(dataDir: string): Promise<SqlRunner> {
  const db = new PGlite(path.join(dataDir, 'db'));
  await db.waitReady;
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    rows: async <T>(sql: string) => (await db.query<T>(sql)).rows,
    close: async () => {
      // Leave the data files complete, so the server's next start replays nothing.
      await db.query('CHECKPOINT');
      await db.close();
    },
  };
}

/** Lorem-like prose with some markdown, about 1,500 characters per item. */
const BODY = `'Scene ' || g || E'. The host walks in.\\n\\n## Beat one\\n\\n' || repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ', 14) || E'\\n\\n- **cut** to b-roll\\n- _voice-over_ ends'`;

function bulkSql(libraryId: number, scaleId: number): string {
  return `
begin;
insert into tags (user_id, name)
  select ${libraryId}, 'topic-' || lpad(g::text, 2, '0') from generate_series(1, ${SEED.libraryTags}) g;
insert into collections (user_id, name, description, created_on)
  select ${libraryId}, 'Collection ' || g, 'Ideas and drafts for series number ' || g || '.',
         now() - (${SEED.collections} - g) * interval '1 minute'
  from generate_series(1, ${SEED.collections}) g;
with c as (select id, row_number() over (order by id) as n from collections where user_id = ${libraryId}),
     t as (select id, row_number() over (order by id) as n from tags where user_id = ${libraryId})
insert into collection_tags (collection_id, tag_id)
  select c.id, t.id from c join t on t.n in (1 + c.n % ${SEED.libraryTags}, 1 + (c.n + 7) % ${SEED.libraryTags})
  where c.n % 3 <> 0;

insert into tags (user_id, name)
  select ${scaleId}, 'tag-' || lpad(g::text, 3, '0') from generate_series(1, ${SEED.scaleTags}) g;
insert into contents (user_id, title, content, created_on)
  select ${scaleId}, 'Script ' || g, ${BODY}, now() - (${SEED.contents} - g) * interval '1 minute'
  from generate_series(1, ${SEED.contents}) g;
with c as (select id, row_number() over (order by id) as n from contents where user_id = ${scaleId}),
     t as (select id, row_number() over (order by id) as n from tags where user_id = ${scaleId})
insert into content_tags (content_id, tag_id)
  select c.id, t.id from c join t
    on t.n in (1 + c.n % ${SEED.scaleTags}, 1 + (c.n * 7) % ${SEED.scaleTags}, 1 + (c.n * 13) % ${SEED.scaleTags})
  on conflict do nothing;
-- As the server stores it on every write (server: countWords): rows the API wrote have it.
update contents set word_count = coalesce(array_length(regexp_split_to_array(btrim(content), '\\s+'), 1), 0)
  where word_count is null;
commit;`;
}

export interface SeedFacts {
  libraryUserId: number;
  scaleUserId: number;
  /** Two of the library user's tags, put on every created content item. */
  libraryTagIds: number[];
  /** A content item of the scale user, with three tags. */
  scaleContentId: number;
  /** A tag of the scale user carried by about 60 items. */
  scaleTagId: number;
}

export async function seedBulk(runner: SqlRunner): Promise<SeedFacts> {
  const users = await runner.rows<{ id: number; email: string }>(
    `select id, email from users where email in ('${USERS.library}', '${USERS.scale}')`,
  );
  const idOf = (email: string) => {
    const found = users.find((user) => user.email === email);
    if (!found) throw new Error(`seed: no user ${email} in the database`);
    return Number(found.id);
  };
  const libraryUserId = idOf(USERS.library);
  const scaleUserId = idOf(USERS.scale);
  await runner.exec(bulkSql(libraryUserId, scaleUserId));
  // The steady state of a live database, where autovacuum has run: planner statistics and the
  // visibility map (index-only scans). VACUUM must run on its own, outside any transaction.
  await runner.exec('vacuum analyze');

  const libraryTags = await runner.rows<{ id: number }>(
    `select id from tags where user_id = ${libraryUserId} order by id limit 2`,
  );
  const [content] = await runner.rows<{ id: number }>(
    `select id from contents where user_id = ${scaleUserId} order by id offset ${SEED.contents / 2} limit 1`,
  );
  const [tag] = await runner.rows<{ id: number }>(
    `select tag_id as id from content_tags ct join tags t on t.id = ct.tag_id
     where t.user_id = ${scaleUserId} group by tag_id order by count(*) desc, tag_id limit 1`,
  );
  if (!content || !tag) throw new Error('seed: the bulk rows are missing after the insert');
  return {
    libraryUserId,
    scaleUserId,
    libraryTagIds: libraryTags.map((row) => Number(row.id)),
    scaleContentId: Number(content.id),
    scaleTagId: Number(tag.id),
  };
}
