// The growth bench's deployment (bench/README.md, "Growth"): 10,000 people and N content items
// spread like real accounts, written with set-based SQL (generate_series) while the server is
// stopped, into a database the server has migrated. Every row is one the app would have
// written: search vectors are generated columns (the database computes them as for any
// insert), every collection has its owner's membership row, a share is an active membership,
// a public item points at a version labelled `Published` (decision 229), a trashed row has its
// `deleted_on`, and `word_count` is counted as the server counts it (words with a letter or a
// digit; markdown marks alone are not words). The accounts the bench signs in with are made
// through the API first; the other people get the same password hash.
//
// How the N items are spread:
// - heavy accounts: max(1, round(N / 50,000)) people with min(20,000, N / 5) items each
//   (10k: one of 2,000; 100k: two of 20,000; 1M: twenty of 20,000);
// - the rest over the other people with a Zipf-like law (rank r drawn with P ~ 1 / (r + 10)):
//   most people have a handful of items or none, the biggest of them about 1.4 % of the rest.
// Texts are 50–3,000 words (log-uniform, about 720 on average), sentences drawn from the
// search bench's pool (src/search-seed.ts: a vocabulary of 4,000 words with a Zipf-like
// distribution), with headings, paragraphs, list items and bold.
import { MARKERS, poolSql, tagNames } from './search-seed';
import type { SqlRunner } from './seed';

export const GROW_PEOPLE = 10_000;
export const GROW_PASSWORD = 'bench-password-1';
export const growEmail = (rank: number) => `grow-${rank}@example.com`;
/** Made through the API: receives the import of the largest account's export. */
export const GROW_IMPORT_EMAIL = 'grow-import@example.com';
/** The tag of `#tag` searches; every heavy account has it (500 tags). */
export const GROW_TAG = 'tutorial';
/**
 * The tag of the filtered contents list (src/grow-routes.ts): every seventh item of each heavy
 * account carries it, so that list (two statuses and this tag) fills its page of 50 at every
 * size (about 80 matches at 10k items, 800 at 100k) and the sizes compare like with like.
 */
export const GROW_FILTER_TAG = 'weekly-show';
export const GROW_SEED = 0.2718;
/** Items per insert statement (keeps PGlite's WebAssembly memory small). */
const BATCH = 10_000;

export interface GrowShape {
  items: number;
  people: number;
  heavy: number;
  heavySize: number;
  rest: number;
}

export function shapeFor(items: number, people = GROW_PEOPLE): GrowShape {
  const heavy = Math.max(1, Math.round(items / 50_000));
  const heavySize = Math.min(20_000, Math.round(items / 5));
  return { items, people, heavy, heavySize, rest: Math.max(0, items - heavy * heavySize) };
}

/** The people (ranks 2…people; rank 1 was registered through the API) and what each owns. */
function peopleSql(shape: GrowShape, rankOneId: number): string {
  const others = shape.people - shape.heavy;
  return `
select setseed(${GROW_SEED});
insert into users (email, first_name, last_name, password_hash, is_verified, created_on)
  select 'grow-' || g || '@example.com', 'Person', 'Number ' || g,
         (select password_hash from users where id = ${rankOneId}), true,
         now() - (g % 900) * interval '1 day'
  from generate_series(2, ${shape.people}) g;
create temporary table grow_people as
  select substring(u.email from 'grow-(\\d+)@')::int as rank, u.id as user_id, u.email, 0 as items
  from users u where u.email like 'grow-%@example.com' and u.email <> '${GROW_IMPORT_EMAIL}';
update grow_people set items = ${shape.heavySize} where rank <= ${shape.heavy};
with draws as (
  select ${shape.heavy} + least(${others}, floor(10 * exp(((g - 0.5) / ${Math.max(1, shape.rest)}) * ln((${others} + 10) / 10.0)))::int - 9) as rank
  from generate_series(1, ${shape.rest}) g
), counted as (select rank, count(*)::int as n from draws group by rank)
update grow_people p set items = counted.n from counted where counted.rank = p.rank;
alter table grow_people add column tags int, add column collections int;
update grow_people set
  tags = case when rank <= ${shape.heavy} then 500 when items = 0 then 0 else least(500, 2 + items / 20) end,
  collections = case when items = 0 then 0 else 1 + items / 25 end;
create index on grow_people (rank);
analyze grow_people;`;
}

/** Tags and collections of every person, with owner memberships, shares and publications. */
function libraryShapeSql(shape: GrowShape): string {
  const names = tagNames();
  return `
create temporary table grow_tag_names (idx int primary key, name text not null);
insert into grow_tag_names select idx, name from unnest(array[${names.map((n) => `'${n}'`).join(',')}]::text[]) with ordinality as t(name, idx);
insert into tags (user_id, name, created_on)
  select p.user_id, n.name, now() - interval '800 days' + n.idx * interval '1 hour'
  from grow_people p join grow_tag_names n on n.idx <= p.tags
  order by p.rank, n.idx;
create temporary table grow_tags as
  select t.user_id, row_number() over (partition by t.user_id order by t.id)::int as idx, t.id
  from tags t join grow_people p on p.user_id = t.user_id;
create index on grow_tags (user_id, idx);
insert into collections (user_id, name, description, created_on, updated_on, public_id, deleted_on)
  select p.user_id, 'Series ' || g || ' of ' || p.rank,
         'Ideas, drafts and scripts for series ' || g || '.',
         now() - interval '760 days' + (g * 37 % 700) * interval '1 day',
         now() - (g * 13 % 60) * interval '1 day',
         case when g = 1 and (p.rank <= ${shape.heavy} or p.rank % 5 = 1)
              then substr(translate(encode(sha256(('grow-public-' || p.rank)::bytea), 'base64'), '+/=', '-_'), 1, 22) end,
         case when g % 200 = 7 then now() - (g % 60) * interval '1 day' end
  from grow_people p, generate_series(1, p.collections) g
  order by p.rank, g;
create temporary table grow_collections as
  select c.user_id, row_number() over (partition by c.user_id order by c.id)::int as idx, c.id
  from collections c join grow_people p on p.user_id = c.user_id;
create index on grow_collections (user_id, idx);
insert into collection_members (collection_id, user_id, email, role, status, created_on, accepted_on)
  select c.id, c.user_id, p.email, 'owner', 'active', c.created_on, c.created_on
  from collections c join grow_people p on p.user_id = c.user_id;
-- Shares: one collection in ten, with 1–5 other people (editors and viewers, accepted); the
-- first heavy account is among the people of one share in fifty.
insert into collection_members (collection_id, user_id, email, role, status, invited_by, created_on, accepted_on)
  select distinct on (c.id, m.user_id) c.id, m.user_id, m.email,
         case when j % 2 = 0 then 'editor' else 'viewer' end, 'active', c.user_id,
         c.created_on + interval '1 day', c.created_on + interval '2 days'
  from collections c, generate_series(1, 1 + c.id % 5) j,
       lateral (select user_id, email from grow_people
                where rank = case when j = 1 and c.id % 50 = 0 then 1
                                  else 1 + (c.id * 7919 + j * 104729) % ${shape.people} end) m
  where c.id % 10 = 3 and m.user_id <> c.user_id and c.user_id in (select user_id from grow_people)
  order by c.id, m.user_id;
insert into collection_tags (collection_id, tag_id)
  select c.id, t.id from grow_collections c join grow_tags t
    on t.user_id = c.user_id and t.idx = 1 + (c.idx * 7) % greatest(1, (select tags from grow_people where user_id = c.user_id))
  where c.idx % 2 = 0
  on conflict do nothing;`;
}

/** The words of an item as the server counts them (contract/src/words.ts, for these texts). */
const wordCount = (expr: string) => `regexp_count(${expr}, '\\S*[[:alnum:]]\\S*')`;

/**
 * Items of people in rank order, `from`…`to` of the running item number. `word_count` is summed
 * from the sentences' words (every token of a pool sentence has a letter), plus the words the
 * markdown around them adds: `## Beat 3` adds two, a `- **12**` list item one (`#`, `##` and `-`
 * alone are marks, not words), the planted phrase's sentence ten. The seed's validation checks
 * it against countWords on items of every length.
 */
function itemsSql(from: number, to: number): string {
  const statuses = `(array['idea','idea','idea','scripting','scripting','recording','editing','published','published','published'])`;
  return `
insert into contents (user_id, title, content, status, position, publish_on, created_on, updated_on, word_count, deleted_on)
  select i.user_id, i.title, i.body, ${statuses}[1 + (i.g * 7) % 10], i.n,
         case when i.g % 5 < 2 then (current_date - 180 + ((i.g * 31) % 360)::int) end,
         i.created, least(now(), i.created + (i.g % 20) * interval '1 day'), i.words,
         case when i.g % 33 = 0 then now() - (i.g % 60) * interval '1 day' end
  from (
    select w.g, w.n, w.user_id, w.created,
           (select array_to_string((string_to_array(rtrim(body, '.?'), ' '))[1:5], ' ') from bench_sentence where id = 1 + (w.g * 31) % 40000) || ' (' || w.n || ')' as title,
           '# ' || (select rtrim(body, '.?') from bench_sentence where id = 1 + (w.g * 17) % 40000) || E'\\n\\n'
             || string_agg(s.body, case when k % 15 = 0 then E'\\n\\n## Beat ' || (k / 15) || E'\\n\\n'
                                         when k % 11 = 0 then E'\\n\\n- **' || k || E'** '
                                         when k % 5 = 0 then E'\\n\\n' else ' ' end order by k)
             || case when w.g % 100 = 37 then ' We shot the whole walk in ${MARKERS.phrase} again.' else '' end as body,
           (select words from grow_sentence_words where id = 1 + (w.g * 17) % 40000)
             + sum(sw.words)::int
             + 2 * (w.sentences / 15)
             + (w.sentences / 11) - (w.sentences / 165)
             + case when w.g % 100 = 37 then 10 else 0 end as words
    from (select g, n, user_id, created, 1 + floor(words / 16)::int as sentences
          from (select row_number() over (order by p.rank, n) as g, n, p.user_id,
                       now() - ((n * 7919) % 730) * interval '1 day' - (n % 1440) * interval '1 minute' as created,
                       exp(ln(50) + random() * ln(60)) as words
                from grow_people p, generate_series(1, p.items) n) numbered
          where g between ${from} and ${to}) w
    cross join lateral generate_series(1, w.sentences) k
    join bench_sentence s on s.id = 1 + ((w.g * 2654435761 + k * 40503) % 40000)
    join grow_sentence_words sw on sw.id = s.id
    group by w.g, w.n, w.user_id, w.created, w.sentences
  ) i
  order by i.g;`;
}

/** Tags, collections, versions and publications of the items, once they are all in. */
function linksSql(shape: GrowShape): string {
  return `
create temporary table grow_items as
  select c.id, c.user_id, row_number() over (partition by c.user_id order by c.id)::int as n
  from contents c join grow_people p on p.user_id = c.user_id;
create index on grow_items (user_id, n);
analyze grow_items;
insert into content_tags (content_id, tag_id)
  select i.id, t.id from grow_items i join grow_people p on p.user_id = i.user_id
  cross join lateral generate_series(1, i.n % 4) j
  join grow_tags t on t.user_id = i.user_id and t.idx = 1 + (i.n * 7 + j * 13) % p.tags
  on conflict do nothing;
insert into tags (user_id, name, created_on)
  select p.user_id, '${GROW_FILTER_TAG}', now() - interval '800 days'
  from grow_people p where p.rank <= ${shape.heavy} order by p.rank;
insert into content_tags (content_id, tag_id)
  select i.id, t.id from grow_items i join tags t on t.user_id = i.user_id and t.name = '${GROW_FILTER_TAG}'
  where i.n % 7 = 0
  on conflict do nothing;
insert into content_collections (content_id, collection_id)
  select i.id, k.id from grow_items i join grow_people p on p.user_id = i.user_id
  join grow_collections k on k.user_id = i.user_id and k.idx = 1 + i.n % p.collections
  where i.n % 10 <> 9;
-- Earlier saves: one item in five has 1–3 versions, kept under a working title (the text as it
-- is now, so the stored size is that of real versions), unnamed or named.
insert into content_versions (content_id, label, title, content, word_count, created_on, created_by)
  select c.id, case when j = 1 and i.n % 3 = 0 then 'First draft' end, 'Working title ' || j,
         c.content, c.word_count, least(now(), c.created_on + j * interval '1 hour'), c.user_id
  from grow_items i join contents c on c.id = i.id, generate_series(1, 1 + i.n % 3) j
  where i.n % 5 = 0;
-- Items autosaved for months: one in 2,000 has 230 short versions, past the 200 kept.
insert into content_versions (content_id, title, content, word_count, created_on, created_by)
  select c.id, c.title, 'Draft ' || j || ': ' || left(c.content, 200),
         ${wordCount(`'Draft ' || j || ': ' || left(c.content, 200)`)},
         least(now(), c.created_on + j * interval '10 minutes'), c.user_id
  from grow_items i join contents c on c.id = i.id, generate_series(1, 230) j
  where i.n % 2000 = 1000;
-- Published collections show their items switched on, each with its published version.
create temporary table grow_public as
  select distinct cc.content_id as id from content_collections cc
  join collections k on k.id = cc.collection_id
  join contents c on c.id = cc.content_id
  where k.public_id is not null and c.deleted_on is null and cc.content_id % 2 = 0;
with kept as (
  insert into content_versions (content_id, label, title, content, word_count, created_on, created_by)
  select c.id, 'Published', c.title, c.content, c.word_count, c.updated_on, c.user_id
  from contents c join grow_public p on p.id = c.id
  returning id, content_id
)
update contents set is_public = true, published_version_id = kept.id
from kept where contents.id = kept.content_id;`;
}

export interface GrowFacts {
  shape: GrowShape;
  /** The first heavy account (the largest; signs in through the API). */
  heavyUserId: number;
  heavyEmail: string;
  /** A published collection of the heavy account. */
  publicId: string;
  /** A mid-sized item of the heavy account, its tag and its collection. */
  itemId: number;
  tagId: number;
  /** The heavy account's GROW_FILTER_TAG (the filtered contents list's). */
  filterTagId: number;
  collectionId: number;
  /** Items of the heavy account whose word counts the validation checks (shortest, longest, …). */
  sampleItemIds: number[];
  /** The heavy account's live items. */
  heavyItems: number;
  seconds: Record<string, number>;
  rows: Record<string, number>;
}

export async function seedGrowth(
  runner: SqlRunner,
  items: number,
  log: (line: string) => void,
): Promise<GrowFacts> {
  const shape = shapeFor(items);
  const seconds: Record<string, number> = {};
  const time = async (name: string, sql: string) => {
    const started = performance.now();
    await runner.exec(sql);
    seconds[name] = (seconds[name] ?? 0) + (performance.now() - started) / 1000;
  };
  const [rankOne] = await runner.rows<{ id: number }>(
    `select id from users where email = '${growEmail(1)}'`,
  );
  if (!rankOne) throw new Error(`grow seed: no user ${growEmail(1)} (register it first)`);
  // As a bulk load (pg_restore) does: full-text (GIN) indexes are built once at the end.
  const gins = await runner.rows<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
     join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
     where a.amname = 'gin' and n.nspname = 'public'`,
  );
  for (const gin of gins) await runner.exec(`drop index ${gin.name}`);
  await time('people', `begin;${peopleSql(shape, Number(rankOne.id))}commit;`);
  await time(
    'pool',
    `${poolSql()}
     create temporary table grow_sentence_words as
       select id, array_length(string_to_array(body, ' '), 1) as words from bench_sentence;
     alter table grow_sentence_words add primary key (id);`,
  );
  await time('library', `begin;${libraryShapeSql(shape)}commit;`);
  for (let from = 1; from <= items; from += BATCH) {
    const to = Math.min(items, from + BATCH - 1);
    await time('items', `begin;${itemsSql(from, to)}commit;`);
    log(`grow seed: items ${to.toLocaleString('en')} / ${items.toLocaleString('en')}`);
  }
  await time('links', `begin;${linksSql(shape)}commit;`);
  await time(
    'indexes',
    `set maintenance_work_mem = '256MB'; ${gins.map((gin) => `${gin.def};`).join('\n')} reset maintenance_work_mem;`,
  );
  // The purge of the trash runs at the server's start-up, once per 10-minute slot: forget the
  // slot of the start that migrated the database, so the next start purges what the seed trashed.
  await runner.exec(`delete from jobs where kind = 'purge'`);
  await time('vacuum', 'vacuum analyze');

  return { ...(await factsOf(runner, shape)), seconds };
}

/** What the bench reads back from a seeded database: the accounts, ids and counts it uses. */
export async function factsOf(runner: SqlRunner, shape: GrowShape): Promise<GrowFacts> {
  const [rankOne] = await runner.rows<{ id: number }>(
    `select id from users where email = '${growEmail(1)}'`,
  );
  if (!rankOne) throw new Error(`grow seed: no user ${growEmail(1)}`);
  const heavyUserId = Number(rankOne.id);
  const one = async <T>(sql: string, what: string): Promise<T> => {
    const [row] = await runner.rows<T>(sql);
    if (!row) throw new Error(`grow seed: no ${what}`);
    return row;
  };
  const { public_id: publicId } = await one<{ public_id: string }>(
    `select public_id from collections where user_id = ${heavyUserId} and public_id is not null`,
    'published collection',
  );
  const { id: itemId } = await one<{ id: number }>(
    `select id from contents where user_id = ${heavyUserId} and deleted_on is null
     order by word_count, id offset (select count(*) / 2 from contents where user_id = ${heavyUserId} and deleted_on is null) limit 1`,
    'item',
  );
  const { id: tagId } = await one<{ id: number }>(
    `select id from tags where user_id = ${heavyUserId} and name = '${GROW_TAG}'`,
    'tag',
  );
  const { id: filterTagId } = await one<{ id: number }>(
    `select id from tags where user_id = ${heavyUserId} and name = '${GROW_FILTER_TAG}'`,
    'filter tag',
  );
  const { id: collectionId } = await one<{ id: number }>(
    `select collection_id as id from content_collections cc join collections c on c.id = cc.collection_id
     where c.user_id = ${heavyUserId} and c.deleted_on is null group by collection_id order by count(*) desc limit 1`,
    'collection',
  );
  const samples = await runner.rows<{ id: number }>(
    `(select id from contents where user_id = ${heavyUserId} and deleted_on is null order by word_count limit 1)
     union all (select id from contents where user_id = ${heavyUserId} and deleted_on is null order by word_count desc limit 1)
     union all (select id from contents where user_id = ${heavyUserId} and deleted_on is null
                and content like '%${MARKERS.phrase}%' limit 1)
     union all (select id from contents where user_id = ${heavyUserId} and deleted_on is null
                and word_count between 400 and 800 limit 2)`,
  );
  const counts = await one<Record<string, number>>(
    `select (select count(*) from users)::int as users, (select count(*) from contents)::int as contents,
            (select count(*) from contents where deleted_on is not null)::int as trashed_contents,
            (select count(*) from contents where deleted_on < now() - interval '30 days')::int as expired_contents,
            (select count(*) from collections)::int as collections,
            (select count(*) from collection_members where role <> 'owner')::int as shares,
            (select count(*) from collections where public_id is not null)::int as published_collections,
            (select count(*) from contents where is_public)::int as public_items,
            (select count(*) from tags)::int as tags, (select count(*) from content_tags)::int as content_tags,
            (select count(*) from content_versions)::int as versions,
            (select coalesce(sum(word_count), 0)::bigint from contents)::float8 as words,
            (select count(*) from contents where user_id = ${heavyUserId} and deleted_on is null)::int as heavy_items`,
    'counts',
  );
  const rows = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)]));
  return {
    shape,
    heavyUserId,
    heavyEmail: growEmail(1),
    publicId,
    itemId: Number(itemId),
    tagId: Number(tagId),
    filterTagId: Number(filterTagId),
    collectionId: Number(collectionId),
    sampleItemIds: samples.map((row) => Number(row.id)),
    heavyItems: rows.heavy_items ?? 0,
    seconds: {},
    rows,
  };
}
