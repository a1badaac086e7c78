// The search part's own data set (decision 074): ten users of the same size, each with 10,000
// content items of about 1,000 words, 2,000 notes in 100 collections, 500 tags (three per
// item) and 500 files. Accounts go through the API (decision 071); the rows go in here with
// set-based SQL while the server is stopped, then VACUUM ANALYZE.
//
// The text is generated, not lorem ipsum: a vocabulary of about 4,000 words (real English
// words at the top, pronounceable made-up words in the tail) drawn with a Zipf-like
// distribution (log-uniform rank, P(rank r) ~ 1/r) and mixed with stop words, so every user's
// texts share common words and rare ones exist too (the GIN index then holds long and short
// posting lists, and an index on the words alone finds the other nine users' rows as well).
// Sentences are drawn once into a pool and items are made of 60 sentences picked at random;
// a few marker words and a phrase are planted at known rates so queries have known answers.
import type { SqlRunner } from './seed';

export const SEARCH_PASSWORD = 'bench-password-1';
export const SEARCH_USERS = 10;
export const searchUserEmail = (n: number) => `bench-search-${n}@example.com`;

/** Rows per user at size 1 (the target's data set, bench/README.md, "Search"). Tags stay 500 at every size. */
export const SEARCH_SEED = {
  users: SEARCH_USERS,
  contents: 10_000,
  sentencesPerContent: 60,
  notes: 2_000,
  collections: 100,
  tags: 500,
  files: 500,
  sentencePool: 40_000,
  /** The random seed of every draw (setseed). */
  seed: 0.4213,
} as const;

/** Planted words and phrases, and how often (every Nth item of every user). */
export const MARKERS = {
  /** In the body of every 2,000th item (5 per user at size 1) and of one note in 1,000. */
  rareWord: 'zephyrine',
  rareEvery: 2000,
  /** A phrase in every 100th item (100 per user); its words also occur alone. */
  phrase: 'golden hour lighting',
  phraseEvery: 100,
} as const;

/** Function words: 45 % of the words of a sentence, dropped by the `english` configuration. */
const STOP_WORDS = `the of and a to in is you that it he was for on are as with his they i at be
this have from or had by but not what all were we when your can said there use an each which
she do how their if will up other about out many then them these so some her would make like
him into has more two go see no way could my than been who its now did get come made may`
  .split(/\s+/)
  .filter(Boolean);

/**
 * Real words, most common first: they take the top ranks of the distribution (rank 1 is in
 * nearly every item, rank 200 in about a quarter of them). `script…` words are spread over the
 * ranks for the prefix query; `tutorial` is also a tag name.
 */
const REAL_WORDS = `video camera scene shot audience story light time script edit people
sound frame music show voice world first channel work take cut idea interview host clip viewer
day moment question life thing minute episode color screen place open close series start end
team brand studio better simple plan question lens angle focus change new good great small
long short fast slow point next record audio track beat subject background series guest topic
content creator upload thumbnail title hook intro outro sponsor comment community subscribe
lighting golden hour kitchen travel review product recipe morning evening city street house
room window table chair water coffee friend family camera microphone tripod gimbal drone
battery memory card storage laptop software timeline render export format caption subtitle
transcript draft outline research source fact quote reference note scripting scripted scripts
writer writing reading speaker presenter narrator narration tone pace rhythm energy mood emotion
tension conflict reveal twist payoff setup promise value lesson example reason result problem
solution mistake tip trick secret method process system habit goal schedule calendar deadline
budget cost price money market growth analytics retention click view share like follower
platform stream live podcast newsletter blog article post social short reel story tutorial
guide course workshop class student teacher expert beginner advanced basic level skill practice
training gear setup desk wall shelf plant lamp softbox reflector diffuser filter shutter
aperture exposure contrast saturation grade grading mask layer effect transition zoom pan tilt
dolly slider crane handheld stabilizer noise wind rain snow sun cloud sky mountain river forest
beach ocean island bridge tower garden park market shop office school library museum theater
stage concert festival wedding party birthday holiday summer winter spring autumn weekend
breakfast lunch dinner bread cheese garlic onion pepper tomato lemon sugar butter flour oven
knife plate bowl glass bottle paper pencil notebook whiteboard sticky marker chapter section
paragraph sentence word letter number list table chart graph map photo picture image sketch
storyboard shotlist scribble scribe scrim scripture description keyword hashtag search ranking
algorithm trend viral audience niche persona brief pitch proposal contract client agency
collaboration partner editor producer director actor talent crew location permit release
schedule shoot wrap premiere launch publish archive backup folder file version revision feedback
approval`
  .split(/\s+/)
  .filter(Boolean);

/** A small deterministic PRNG (mulberry32), so the vocabulary is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY_SIZE = 4000;

/** The vocabulary by rank: the real words, then made-up ones (none starting with `scri`). */
export function vocabulary(): string[] {
  const words: string[] = [];
  const seen = new Set<string>(STOP_WORDS);
  for (const word of REAL_WORDS) {
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  const random = prng(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const onsets = 'b br c ch cl d dr f fl g gr h j k l m n p pl pr r s sh sl st t th tr v w z'.split(
    ' ',
  );
  const vowels = 'a e i o u ai ea ou io'.split(' ');
  const codas = ['', '', '', 'n', 'r', 'l', 's', 't', 'm', 'nd', 'rt', 'ck'];
  while (words.length < VOCABULARY_SIZE) {
    const syllables = 2 + Math.floor(random() * 2);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += pick(onsets) + pick(vowels) + pick(codas);
    if (word.length < 5 || word.length > 11 || seen.has(word) || word.startsWith('scri')) continue;
    if (word.includes(MARKERS.rareWord)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
}

/** The 500 tag names of every user: real words first (so `tutorial` is one), then made-up. */
export function tagNames(): string[] {
  return vocabulary().slice(0, SEARCH_SEED.tags);
}
export const SEARCH_TAG = 'tutorial';

const sqlArray = (words: string[]) => `array[${words.map((word) => `'${word}'`).join(',')}]`;

export interface SearchSize {
  /**
   * The measured (first) user: 1 = the target's data set; 0.1 = a tenth of every count except
   * the 500 tags.
   */
  fraction: number;
  /** The nine other users, the same way. */
  others: number;
}

export function countsFor(fraction: number) {
  const scaled = (n: number) => Math.max(1, Math.round(n * fraction));
  return {
    contents: scaled(SEARCH_SEED.contents),
    notes: scaled(SEARCH_SEED.notes),
    collections: Math.max(10, scaled(SEARCH_SEED.collections)),
    files: scaled(SEARCH_SEED.files),
    tags: SEARCH_SEED.tags,
  };
}

/** Vocabulary and the sentence pool, in temporary tables of the seeding session. */
export function poolSql(): string {
  const stop = STOP_WORDS;
  const vocab = vocabulary();
  return `
select setseed(${SEARCH_SEED.seed});
create temporary table bench_stop (r integer primary key, w text not null);
insert into bench_stop select r, w from unnest(${sqlArray(stop)}::text[]) with ordinality as t(w, r);
create temporary table bench_vocab (r integer primary key, w text not null);
insert into bench_vocab select r, w from unnest(${sqlArray(vocab)}::text[]) with ordinality as t(w, r);
create temporary table bench_sentence (id integer primary key, body text not null);
with picks as materialized (
  select s, k, random() < 0.45 as stop, random() as x
  from generate_series(1, ${SEARCH_SEED.sentencePool}) s, generate_series(1, 8 + (s * 7) % 17) k
), words as (
  select s, k, coalesce(sw.w, vw.w) as w
  from picks
  left join bench_stop sw on picks.stop and sw.r = floor(exp(picks.x * ln(${stop.length + 1})))::integer
  left join bench_vocab vw on not picks.stop and vw.r = floor(exp(picks.x * ln(${vocab.length + 1})))::integer
), sentences as (
  select s, string_agg(w, ' ' order by k) as body from words group by s
)
insert into bench_sentence
  select s, upper(left(body, 1)) || substr(body, 2) || case when s % 7 = 0 then '?' else '.' end
  from sentences;`;
}

/** Picks \`per\` random sentences for each of \`count\` rows, joined into one text per row. */
function textsSql(count: number, per: number, paragraphEvery: number): string {
  return `select g, string_agg(p.body, case when k % ${paragraphEvery} = 1 then E'\\n\\n' else ' ' end order by k) as body
    from (select g, k, 1 + floor(random() * ${SEARCH_SEED.sentencePool})::integer as sid
          from generate_series(1, ${count}) g, generate_series(1, ${per}) k) picks
    join bench_sentence p on p.id = picks.sid
    group by g`;
}

/** A short title: the first words of a pool sentence, without its full stop. */
const titleOf = (seedExpr: string, words: number) =>
  `(select array_to_string((string_to_array(rtrim(body, '.?'), ' '))[1:${words}], ' ')
     from bench_sentence where id = 1 + (${seedExpr}) % ${SEARCH_SEED.sentencePool})`;

/** Every row of one user (ids come from the identity columns, so users follow each other). */
function userSql(userId: number, fraction: number): string {
  const n = countsFor(fraction);
  const statuses = `(array['idea','scripting','recording','editing','published'])`;
  return `
insert into tags (user_id, name)
  select ${userId}, name from unnest(${sqlArray(tagNames())}::text[]) as t(name);
insert into collections (user_id, name, description, created_on)
  select ${userId}, 'Series ' || ${titleOf(`g * 7919 + ${userId}`, 3)},
         ${titleOf(`g * 104729 + ${userId}`, 14)} || '.', now() - (${n.collections} - g) * interval '1 day'
  from generate_series(1, ${n.collections}) g;
insert into collection_members (collection_id, user_id, email, role, status, accepted_on)
  select c.id, c.user_id, u.email, 'owner', 'active', c.created_on
  from collections c join users u on u.id = c.user_id where c.user_id = ${userId};
create temporary table bench_user_collections as
  select id, row_number() over (order by id) as n from collections where user_id = ${userId};
insert into contents (user_id, title, content, status, position, created_on)
  select ${userId},
         ${titleOf(`b.g * 31 + ${userId} * 7`, 5)} || ' (' || b.g || ')',
         '# Take ' || b.g || E'\\n\\n' || b.body
           || case when b.g % ${MARKERS.phraseEvery} = ${MARKERS.phraseEvery / 2 - 13} then ' We shot the whole walk in ${MARKERS.phrase} again.' else '' end
           || case when b.g % ${MARKERS.rareEvery} = ${MARKERS.rareEvery / 2} then E'\\n\\nThe ${MARKERS.rareWord} glow faded out of frame.' else '' end,
         ${statuses}[1 + b.g % 5], b.g, now() - (${n.contents} - b.g) * interval '10 minutes'
  from (${textsSql(n.contents, SEARCH_SEED.sentencesPerContent, 9)}) b
  order by b.g;
create temporary table bench_user_contents as
  select id, row_number() over (order by id) as n from contents where user_id = ${userId};
insert into content_tags (content_id, tag_id)
  select c.id, t.id from bench_user_contents c
  join (select id, row_number() over (order by id) as n from tags where user_id = ${userId}) t
    on t.n in (1 + c.n % ${n.tags}, 1 + (c.n * 7) % ${n.tags}, 1 + (c.n * 13) % ${n.tags})
  on conflict do nothing;
insert into content_collections (content_id, collection_id)
  select c.id, k.id from bench_user_contents c join bench_user_collections k on k.n = 1 + c.n % ${n.collections};
insert into notes (user_id, collection_id, title, content, created_on)
  select ${userId}, k.id, ${titleOf(`b.g * 613 + ${userId}`, 4)},
         b.body || case when b.g % 1000 = 500 then ' Remember the ${MARKERS.rareWord} shot.' else '' end,
         now() - (${n.notes} - b.g) * interval '1 hour'
  from (${textsSql(n.notes, 8, 4)}) b
  join bench_user_collections k on k.n = 1 + b.g % ${n.collections}
  order by b.g;
insert into files (user_id, content_id, collection_id, name, size, content_type, storage_key, created_on)
  select ${userId}, case when g % 2 = 0 then c.id end, case when g % 2 = 1 then k.id end,
         replace(lower(${titleOf(`g * 211 + ${userId}`, 3)}), ' ', '-') || '-' || g || case when g % 3 = 0 then '.mp4' when g % 3 = 1 then '.wav' else '.pdf' end,
         100000 + g * 997, case when g % 3 = 0 then 'video/mp4' when g % 3 = 1 then 'audio/wav' else 'application/pdf' end,
         'bench/' || ${userId} || '/' || g, now() - (${n.files} - g) * interval '1 hour'
  from generate_series(1, ${n.files}) g
  join bench_user_contents c on c.n = 1 + (g * 17) % ${n.contents}
  join bench_user_collections k on k.n = 1 + g % ${n.collections};
drop table bench_user_collections;
drop table bench_user_contents;`;
}

/**
 * Before the server has migration 0005 (development of the bench only, with
 * BENCH_SEARCH_ASSUME_SCHEMA=1): the column and index of decision 110, on content items.
 */
async function assumeSchema(runner: SqlRunner, log: (line: string) => void): Promise<void> {
  const found = await runner.rows<{ n: number }>(
    `select count(*)::int as n from information_schema.columns
     where table_name = 'contents' and data_type = 'tsvector'`,
  );
  if (Number(found[0]?.n) > 0) return;
  log('search seed: no tsvector column on contents; adding an assumed one (development only)');
  await runner.exec(`
alter table contents add column search tsvector generated always as (
  setweight(to_tsvector('english', title), 'A')
  || setweight(to_tsvector('english', left(content, 100000)), 'B')) stored;
create index contents_search_idx on contents using gin (search);`);
}

export interface SearchSeedFacts {
  /** The measured user (the first of the ten). */
  userId: number;
  userIds: number[];
  tagId: number;
  /** Texts of 50 of the user's items (title + ~1,000 words), for the save measurements. */
  saveTexts: { id: number; title: string; content: string }[];
  seconds: { pool: number; users: number[]; indexes: number; vacuum: number };
  counts: ReturnType<typeof countsFor>;
  otherCounts: ReturnType<typeof countsFor>;
}

export async function seedSearch(
  runner: SqlRunner,
  size: SearchSize,
  log: (line: string) => void,
): Promise<SearchSeedFacts> {
  const emails = Array.from({ length: SEARCH_USERS }, (_, n) => searchUserEmail(n));
  const users = await runner.rows<{ id: number; email: string }>(
    `select id, email from users where email in (${emails.map((e) => `'${e}'`).join(',')})`,
  );
  const userIds = emails.map((email) => {
    const found = users.find((user) => user.email === email);
    if (!found) throw new Error(`search seed: no user ${email} in the database`);
    return Number(found.id);
  });
  const time = async (sql: string) => {
    const started = performance.now();
    await runner.exec(sql);
    return (performance.now() - started) / 1000;
  };
  if (process.env.BENCH_SEARCH_ASSUME_SCHEMA) await assumeSchema(runner, log);
  // A bulk load builds the full-text (GIN) indexes once at the end, as pg_restore does:
  // inserting 100,000 documents one by one into them takes several times longer.
  const gins = await runner.rows<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
     join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
     where a.amname = 'gin' and n.nspname = 'public'`,
  );
  for (const gin of gins) await runner.exec(`drop index ${gin.name}`);
  const pool = await time(poolSql());
  const perUser: number[] = [];
  for (const [index, userId] of userIds.entries()) {
    const fraction = index === 0 ? size.fraction : size.others;
    perUser.push(await time(`begin;${userSql(userId, fraction)}commit;`));
    log(`search seed: user ${index + 1}/${userIds.length} in ${perUser.at(-1)?.toFixed(1)} s`);
  }
  await runner.exec('drop table bench_sentence; drop table bench_vocab; drop table bench_stop;');
  const indexes = await time(
    `set maintenance_work_mem = '256MB'; ${gins.map((gin) => `${gin.def};`).join('\n')} reset maintenance_work_mem;`,
  );
  log(`search seed: ${gins.length} GIN indexes built in ${indexes.toFixed(1)} s`);
  const vacuum = await time('vacuum analyze');
  const userId = userIds[0] ?? 0;
  const [tag] = await runner.rows<{ id: number }>(
    `select id from tags where user_id = ${userId} and name = '${SEARCH_TAG}'`,
  );
  if (!tag) throw new Error(`search seed: no tag ${SEARCH_TAG}`);
  const saveTexts = await runner.rows<{ id: number; title: string; content: string }>(
    `select id, title, content from contents where user_id = ${userId} order by id offset 100 limit 50`,
  );
  return {
    userId,
    userIds,
    tagId: Number(tag.id),
    saveTexts: saveTexts.map((row) => ({ ...row, id: Number(row.id) })),
    seconds: { pool, users: perUser, indexes, vacuum },
    counts: countsFor(size.fraction),
    otherCounts: countsFor(size.others),
  };
}
