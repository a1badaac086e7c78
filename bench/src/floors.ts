// The floors: each hot route of the product beside the same SQL in a bare route
// (src/floor-server.ts), on PostgreSQL and on PGlite, at 50 connections. Reports req/s, p99 and
// CPU time per request of the server (and of PostgreSQL's backends) side by side, and writes
// bench/floors-results.json (bench/README.md, "Floors").
//
//   npm run bench:floors                          both databases, 10 s per route after 3 s warm-up
//   npm run bench:floors -- --quick               3 s per route
//   npm run bench:floors -- --duration=30         30 s per route (a long tail shows apart from the start)
//   npm run bench:floors -- --db=postgres         one database
//   npm run bench:floors -- --profile             the app server runs with --cpu-prof; the top of
//                                                 the profile (self time) is printed and saved
//   npm run bench:floors -- --routes=collections  some routes only (collections,contents,item,search)
//   npm run bench:floors -- --instances           also the collections list on two instances (PostgreSQL)
//   npm run bench:floors -- --server-log-level=warn
//   npm run bench:floors -- --server-node-args="--v8-pool-size=1"   the app server's node flags
//                                                 instead of those of `npm start` (comparisons)
//   npm run bench:floors -- --floor-node-args="--trace-gc"   extra node flags for the floor server
//   npm run bench:floors -- --results=<file>      write the results there (npm run bench's quick runs)
//   npm run bench:floors -- --repeat=3           each database's app and floor blocks 3 times in turn,
//                                                 and a table of the median ratios (PGlite's ratios
//                                                 move by tens of points from run to run)
//   npm run bench:floors -- --keep-logs           keep the servers' logs in bench/results/tmp/ (with
//                                                 --server-node-args="… --trace-gc": every pause)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, registerVerified } from './api';
import { benchArgs } from './args';
import { ensureBuilt } from './build';
import { measure, type LoadResult } from './load';
import { benchDir } from './paths';
import { createScratchDatabase } from './postgres';
import {
  runCleanups,
  startFloorServer,
  startServer,
  type RunningProcess,
  settle,
} from './processes';
import { summarizeProfile } from './profile-summary';
import { PASSWORD, pgliteRunner, postgresRunner, seedBulk, USERS, type SqlRunner } from './seed';
import { isRecord, refreshReadme } from './readme-table';
import { pathOf } from '@cw/contract/routes';

type Kind = 'pglite' | 'postgres';
const ROUTES = ['collections', 'contents', 'item', 'search', 'public'] as const;
type Route = (typeof ROUTES)[number];
const LABEL: Record<Route, string> = {
  collections: 'collections list (50 of 1,000, tags)',
  contents: 'contents list (50 of 10,000, tags, files, collections)',
  item: 'one content item of 10,000 words',
  search: 'search "lorem host" (10,000 items)',
  public: 'public page of a published collection (10 items)',
};
/** The public id the floors' seed publishes its collection under (22 base64url characters). */
const PUBLIC_ID = 'BenchPublicPage0000000';
const SEARCH_Q = 'lorem host';

const { get, flag, nodeArgs } = benchArgs();
const quick = flag('quick');
const profile = flag('profile');
const instances = flag('instances');
const keepLogs = flag('keep-logs');
const repeat = Math.max(1, Math.floor(Number(get('repeat') ?? 1)) || 1);
const dbs = (get('db') ?? 'postgres,pglite')
  .split(',')
  .filter((db): db is Kind => db === 'pglite' || db === 'postgres');
const routes = (get('routes') ?? ROUTES.join(','))
  .split(',')
  .filter((route): route is Route => (ROUTES as readonly string[]).includes(route));
const logLevel = get('server-log-level') ?? 'info';
/** Diagnostic: node flags for the app server instead of those of `npm start` (space-separated). */
const serverNodeArgs = nodeArgs('server-node-args');
/** Diagnostic: extra node flags for the floor server (space-separated). */
const floorNodeArgs = nodeArgs('floor-node-args') ?? [];
const load = {
  connections: 50,
  durationS: Number(get('duration') ?? (quick ? 3 : 10)),
  warmupS: quick ? 1 : 3,
};

const started = Date.now();
const log = (line: string) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[floors ${seconds}s] ${line}\n`);
};

/** What the floors add to the bench seed (src/seed.ts): collections, files, a long script. */
function extraSeedSql(scaleId: number): string {
  return `
begin;
insert into collections (user_id, name, description)
  select ${scaleId}, 'Season ' || g, 'Season ' || g || ' of the show.' from generate_series(1, 20) g;
with c as (select id, row_number() over (order by id) as n from contents where user_id = ${scaleId}),
     k as (select id, row_number() over (order by id) as n from collections where user_id = ${scaleId})
insert into content_collections (content_id, collection_id)
  select c.id, k.id from c join k on k.n = 1 + c.n % 20;
insert into files (user_id, content_id, name, size, content_type, storage_key)
  select ${scaleId}, id, 'take-' || id || '.png', 204800, 'image/png', 'bench/none-' || id
  from contents where user_id = ${scaleId} and id % 3 = 0;
insert into contents (user_id, title, content, word_count)
  values (${scaleId}, 'The long script',
    repeat('Lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod. ', 1000), 10000);
-- A published collection with three tags and 10 public items (the public page's target).
insert into collections (user_id, name, description, public_id)
  values (${scaleId}, 'Season plan for sponsors', 'What we film this spring, and when it comes out.', '${PUBLIC_ID}');
insert into collection_tags (collection_id, tag_id)
  select (select id from collections where public_id = '${PUBLIC_ID}'), id
  from tags where user_id = ${scaleId} order by tags.id limit 3;
with picked as (select id from contents where user_id = ${scaleId} and title <> 'The long script' order by id limit 10)
update contents set is_public = true, publish_on = (date '2026-12-01' + (id % 30)) where id in (select id from picked);
insert into content_collections (content_id, collection_id)
  select id, (select id from collections where public_id = '${PUBLIC_ID}')
  from contents where user_id = ${scaleId} and is_public;
-- Each public item's text kept as its published version (decision 229): what the page reads.
with kept as (
  insert into content_versions (content_id, label, title, content, word_count, created_by)
  select id, 'Published', title, content, coalesce(word_count, 0), user_id
  from contents where user_id = ${scaleId} and is_public
  returning id, content_id)
update contents set published_version_id = kept.id from kept where contents.id = kept.content_id;
commit;`;
}

interface Seeded {
  library: { id: number };
  scale: { id: number };
  longItemId: number;
}

async function seed(runner: SqlRunner): Promise<Seeded> {
  const facts = await seedBulk(runner);
  await runner.exec(extraSeedSql(facts.scaleUserId));
  await runner.exec('vacuum analyze');
  const [long] = await runner.rows<{ id: number }>(
    `select id from contents where user_id = ${facts.scaleUserId} and title = 'The long script'`,
  );
  if (!long) throw new Error('seed: no long script');
  return {
    library: { id: facts.libraryUserId },
    scale: { id: facts.scaleUserId },
    longItemId: Number(long.id),
  };
}

interface RouteFigures {
  app: LoadResult;
  floor: LoadResult;
  appBytes: number;
  floorBytes: number;
}

interface DbFigures {
  kind: Kind;
  routes: Partial<Record<Route, RouteFigures>>;
  profileTop?: string;
  floorProfileTop?: string;
  /** `--instances`: the collections list on one instance (50 connections) and on two (25 each). */
  twoInstances?: { oneRps: number; twoRps: number; p99: number };
  problems: string[];
}

/** Waits until the server (and PostgreSQL's backends) is idle, at most 60 s (processes.ts). */
async function settleOrSay(cpuMs: () => number, databaseCpu?: () => Promise<Map<number, number>>) {
  if (!(await settle(60_000, cpuMs, databaseCpu))) log('still busy after 60 s; measuring anyway');
}

async function bytesOf(url: string, token?: string): Promise<number> {
  const answer = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (answer.status !== 200)
    throw new Error(`${url} answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  return (await answer.arrayBuffer()).byteLength;
}

async function benchDb(kind: Kind): Promise<DbFigures> {
  const figures: DbFigures = { kind, routes: {}, problems: [] };
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), `cw-floors-${kind}-`));
  const dataDir = path.join(temp, 'data');
  const profileDir = path.join(temp, 'profile');
  const floorProfileDir = path.join(temp, 'floor-profile');
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  const jwtSecret = randomBytes(32).toString('hex');
  const serverFor = (nodeArgs: string[] = []) =>
    startServer({
      dataDir,
      databaseUrl: scratch?.url,
      jwtSecret,
      logLevel,
      logFile: path.join(temp, 'server.log'),
      nodeArgs,
      ...(serverNodeArgs ? { startFlags: serverNodeArgs } : {}),
    });
  let server: RunningProcess | undefined;
  let floor: RunningProcess | undefined;
  try {
    log(`${kind}: accounts and seed (${temp})`);
    server = await serverFor();
    const mailDir = path.join(dataDir, 'mail');
    await registerVerified(server.baseUrl, mailDir, USERS.library, PASSWORD);
    await registerVerified(server.baseUrl, mailDir, USERS.scale, PASSWORD);
    await server.stop();
    const runner =
      kind === 'pglite' ? await pgliteRunner(dataDir) : await postgresRunner(scratch?.url ?? '');
    let seeded: Seeded;
    try {
      seeded = await seed(runner);
    } finally {
      await runner.close();
    }

    server = await serverFor(profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    const library = await login(server.baseUrl, USERS.library, PASSWORD);
    const scale = await login(server.baseUrl, USERS.scale, PASSWORD);
    const appSpec: Record<Route, { path: string; token: string }> = {
      collections: { path: `${pathOf('collections.list')}?page_size=50`, token: library.access },
      contents: { path: `${pathOf('contents.list')}?page_size=50`, token: scale.access },
      item: { path: pathOf('contents.get', { id: seeded.longItemId }), token: scale.access },
      search: {
        path: `${pathOf('search.query')}?q=${encodeURIComponent(SEARCH_Q)}`,
        token: scale.access,
      },
      // A visitor: no token.
      public: { path: pathOf('public.page', { public_id: PUBLIC_ID }), token: '' },
    };
    const floorPath: Record<Route, string> = {
      collections: `/floor/collections?user=${seeded.library.id}`,
      contents: `/floor/contents?user=${seeded.scale.id}`,
      item: `/floor/content?user=${seeded.scale.id}&id=${seeded.longItemId}`,
      search: `/floor/search?user=${seeded.scale.id}&q=${encodeURIComponent(SEARCH_Q)}`,
      public: `/floor/public?id=${PUBLIC_ID}`,
    };
    const appFigures = new Map<Route, { result: LoadResult; bytes: number }>();
    for (const route of routes) {
      const spec = appSpec[route];
      const url = `${server.baseUrl}${spec.path}`;
      await settleOrSay(server.cpuMs, scratch?.backendCpu);
      const bytes = await bytesOf(url, spec.token);
      log(`${kind}: app   ${LABEL[route]} (${bytes} B)`);
      const result = await measure({
        ...load,
        url,
        token: spec.token,
        cpuMs: server.cpuMs,
        databaseCpu: scratch?.backendCpu,
      });
      appFigures.set(route, { result, bytes });
    }
    if (instances && scratch && routes.includes('collections')) {
      await settleOrSay(server.cpuMs, scratch.backendCpu);
      // Two instances on one PostgreSQL database (docs/operations.md, "Many instances"), 25 connections each, at once.
      const second = await startServer({
        dataDir: path.join(temp, 'data-b'),
        databaseUrl: scratch.url,
        jwtSecret,
        logLevel,
        logFile: path.join(temp, 'server-b.log'),
      });
      try {
        const url = (base: string) => `${base}${appSpec.collections.path}`;
        log(`${kind}: two instances, collections list, 25 connections each`);
        const [a, b] = await Promise.all(
          [server, second].map((instance) =>
            measure({
              ...load,
              connections: load.connections / 2,
              url: url(instance.baseUrl),
              token: appSpec.collections.token,
              cpuMs: instance.cpuMs,
            }),
          ),
        );
        const one = appFigures.get('collections')?.result;
        figures.twoInstances = {
          oneRps: one?.rps ?? 0,
          twoRps: a!.rps + b!.rps,
          p99: Math.max(a!.p99, b!.p99),
        };
      } finally {
        await second.stop();
      }
    }
    // The embedded data directory belongs to one process at a time: the floor runs after.
    await server.stop();
    server = undefined;
    if (profile) {
      const file = fs.readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
      if (file) {
        figures.profileTop = summarizeProfile(path.join(profileDir, file), 30);
        // Kept for a closer look (Chrome DevTools, Performance tab); not committed.
        const kept = path.join(benchDir, 'results', 'tmp', `floors-${kind}.cpuprofile`);
        fs.mkdirSync(path.dirname(kept), { recursive: true });
        fs.copyFileSync(path.join(profileDir, file), kept);
      } else figures.problems.push('no CPU profile written');
    }
    floor = await startFloorServer(
      path.join(temp, 'floor.log'),
      scratch ? { databaseUrl: scratch.url } : { pgliteDir: path.join(dataDir, 'db') },
      [...floorNodeArgs, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${floorProfileDir}`] : [])],
    );
    for (const route of routes) {
      const url = `${floor.baseUrl}${floorPath[route]}`;
      await settleOrSay(floor.cpuMs, scratch?.backendCpu);
      const bytes = await bytesOf(url);
      log(`${kind}: floor ${LABEL[route]} (${bytes} B)`);
      const result = await measure({
        ...load,
        url,
        cpuMs: floor.cpuMs,
        databaseCpu: scratch?.backendCpu,
      });
      const app = appFigures.get(route);
      if (!app) continue;
      figures.routes[route] = {
        app: app.result,
        floor: result,
        appBytes: app.bytes,
        floorBytes: bytes,
      };
      // Same JSON means about the same bytes (ids and dates differ a little).
      if (Math.abs(bytes - app.bytes) > app.bytes * 0.1)
        figures.problems.push(`${route}: the floor answers ${bytes} B, the app ${app.bytes} B`);
      for (const [who, r] of [
        ['app', app.result],
        ['floor', result],
      ] as const) {
        if (r.non2xx + r.errors > 0)
          figures.problems.push(`${route} ${who}: ${r.non2xx + r.errors} of ${r.requests} failed`);
        if (r.errorsInWarmup > 0)
          figures.problems.push(
            `${route} ${who}: ${r.errorsInWarmup} failed during the warm-up (not measured)`,
          );
      }
    }
  } catch (error) {
    figures.problems.push((error as Error).message.split('\n')[0] ?? 'failed');
    log(`${kind}: ${(error as Error).message}`);
  } finally {
    await server?.stop();
    await floor?.stop();
    if (profile && fs.existsSync(floorProfileDir)) {
      const file = fs.readdirSync(floorProfileDir).find((name) => name.endsWith('.cpuprofile'));
      if (file) figures.floorProfileTop = summarizeProfile(path.join(floorProfileDir, file), 30);
    }
    await scratch?.drop();
    if (keepLogs) {
      // Not committed: bench/results/tmp/ is ignored.
      const kept = path.join(benchDir, 'results', 'tmp');
      fs.mkdirSync(kept, { recursive: true });
      for (const name of fs.readdirSync(temp).filter((file) => file.endsWith('.log'))) {
        fs.copyFileSync(path.join(temp, name), path.join(kept, `floors-${kind}-${name}`));
      }
      log(`${kind}: logs kept in ${path.relative(process.cwd(), kept)}/floors-${kind}-*.log`);
    }
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return figures;
}

const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f2 = (n: number | null) => (n === null ? '–' : n.toFixed(2));
const pct = (n: number) => `${Math.round(n * 100)} %`;
/** The floors' targets: app ≥ 70 % of its floor's req/s, p99 ≤ 1.5 × the floor's. */
const throughputMark = (ratio: number) => `${pct(ratio)} ${ratio >= 0.7 ? '✓' : '✗'}`;
const p99Mark = (ratio: number) => `${ratio.toFixed(2)} ${ratio <= 1.5 ? '✓' : '✗'}`;
const dbName = (kind: Kind) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');

function table(db: DbFigures): string {
  const head =
    '| route | app req/s | floor req/s | app/floor (≥ 70 %) | app p99 ms | floor p99 ms | p99 ratio (≤ 1.5) | app CPU ms/req | floor CPU ms/req | DB CPU ms/req app / floor | bytes app / floor |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |';
  const rows = routes.flatMap((route) => {
    const r = db.routes[route];
    if (!r) return [`| ${LABEL[route]} | not measured | | | | | | | | | |`];
    const ratio = r.app.rps / r.floor.rps;
    const p99 = r.app.p99 / r.floor.p99;
    return [
      `| ${LABEL[route]} | ${f0(r.app.rps)} | ${f0(r.floor.rps)} | ${throughputMark(ratio)} | ${f0(r.app.p99)} | ${f0(r.floor.p99)} | ${p99Mark(p99)} | ${f2(r.app.cpuMsPerRequest)} | ${f2(r.floor.cpuMsPerRequest)} | ${f2(r.app.databaseCpuMsPerRequest)} / ${f2(r.floor.databaseCpuMsPerRequest)} | ${f0(r.appBytes)} / ${f0(r.floorBytes)} |`,
    ];
  });
  // The start of 50 new connections, apart from the steady state above (src/load.ts, measure).
  const startup = routes.flatMap((route) => {
    const r = db.routes[route];
    return r
      ? [
          `${LABEL[route]} ${f0(r.app.startupMax)} / ${f0(r.floor.startupMax)} (warm-up ${r.app.warmupS.toFixed(1)} / ${r.floor.warmupS.toFixed(1)} s)`,
        ]
      : [];
  });
  return [
    `### ${dbName(db.kind)}`,
    '',
    head,
    ...rows,
    '',
    `Slowest first answer while 50 connections opened (warm-up, ms, app / floor; the warm-up lasts until every connection has had an answer): ${startup.join('; ')}.`,
  ].join('\n');
}

/**
 * The middle run, or the mean of the middle two: not `summarize`'s nearest rank, which for two
 * runs would take the lower, the kinder figure for a p99 ratio.
 */
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** `--repeat`: per route, every run's ratios and their median, against the targets. */
function medianTable(kind: Kind, results: DbFigures[]): string {
  const runs = results.filter((db) => db.kind === kind);
  const rows = routes.map((route) => {
    const measured = runs.flatMap((db) => {
      const r = db.routes[route];
      return r ? [r] : [];
    });
    if (measured.length === 0) return `| ${LABEL[route]} | not measured | | | | |`;
    const ratios = measured.map((r) => r.app.rps / r.floor.rps);
    const p99s = measured.map((r) => r.app.p99 / r.floor.p99);
    const ratio = median(ratios);
    const p99 = median(p99s);
    const cpu = median(measured.map((r) => r.app.cpuMsPerRequest ?? 0));
    const floorCpu = median(measured.map((r) => r.floor.cpuMsPerRequest ?? 0));
    return `| ${LABEL[route]} | ${ratios.map(pct).join(', ')} | ${throughputMark(ratio)} | ${p99s.map((n) => n.toFixed(2)).join(', ')} | ${p99Mark(p99)} | ${f2(cpu)} / ${f2(floorCpu)} |`;
  });
  return [
    `### ${dbName(kind)}: medians of ${runs.length} runs`,
    '',
    '| route | app/floor, each run | median (≥ 70 %) | p99 ratio, each run | median (≤ 1.5) | CPU ms/req app / floor, medians |\n| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

async function main() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void runCleanups().then(() => process.exit(130));
    });
  }
  ensureBuilt(log);
  const results: DbFigures[] = [];
  for (const kind of dbs) {
    for (let run = 1; run <= repeat; run += 1) {
      if (repeat > 1) log(`${kind}: run ${run} of ${repeat}`);
      results.push(await benchDb(kind));
    }
  }
  const medians = repeat > 1 ? dbs.map((kind) => medianTable(kind, results)) : [];
  const out = path.resolve(get('results') ?? path.join(benchDir, 'floors-results.json'));
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        mode: quick ? 'quick' : 'full',
        settings: { ...load, logLevel, searchQ: SEARCH_Q },
        cores: os.cpus().length,
        repeat,
        results,
      },
      null,
      2,
    )}\n`,
  );
  if (isRecord(out, 'floors')) await refreshReadme(log);
  for (const db of results) {
    process.stdout.write(`\n${table(db)}\n`);
    for (const problem of db.problems) process.stdout.write(`- problem: ${problem}\n`);
    if (db.twoInstances) {
      const t = db.twoInstances;
      process.stdout.write(
        `\nTwo instances, collections list: ${f0(t.twoRps)} req/s (p99 ${f0(t.p99)} ms) against ${f0(t.oneRps)} on one: ×${(t.twoRps / t.oneRps).toFixed(2)}\n`,
      );
    }
    if (db.profileTop)
      process.stdout.write(`\nCPU profile of the app (self time):\n${db.profileTop}\n`);
    if (db.floorProfileTop)
      process.stdout.write(`\nCPU profile of the floor (self time):\n${db.floorProfileTop}\n`);
  }
  for (const median of medians) process.stdout.write(`\n${median}\n`);
  process.stdout.write(`\nWritten to ${path.relative(process.cwd(), out)}.\n`);
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`floors: ${(error as Error).stack ?? String(error)}\n`);
  })
  .finally(() => void runCleanups());
