// How cost grows with the data (bench/README.md, "Growth"): at each size, a deployment of
// 10,000 people and N content items (src/grow-seed.ts) on a fresh database, the production
// server on it, and the hot routes of the largest account at 50 connections; then the export
// and import of that account, the trash purge and the version pruning over the whole base, and
// the database's size on disk. Writes bench/grow-results.json, bench/GROWTH.md (the table) and
// bench/grow-chart.png (p50 and p99 of each route against size).
//
//   npm run bench:grow                             10k and 100k items, PostgreSQL and PGlite
//   npm run bench:grow -- --items=10000            one size (or a list: --items=10000,100000)
//   npm run bench:grow -- --items=10000,1000000 --db=postgres   the longer run (PGlite stops at
//                                                  100k), written to bench/grow-1m/
//   npm run bench:grow -- --db=pglite|postgres     one database
//   npm run bench:grow -- --duration=5 --warmup=2  seconds per route (default 5 after 2)
//   npm run bench:grow -- --skip=export,plans      leave parts out: routes, oneclient, export, plans
//   npm run bench:grow -- --pglite-max=10000       PGlite only up to that size (a shorter run)
//   npm run bench:grow -- --keep                   keep the databases (PostgreSQL: printed URL)
//   npm run bench:grow -- --plans-only=<url>       only the plan checks, on a kept PostgreSQL database
//   npm run bench:grow -- --results=<file>         write the results there (partial runs)
//   npm run bench:grow -- --machine-note="quiet: nothing else ran"   what the table says of the machine
//
// Only a run of the default sizes and durations writes the committed files (bench/
// grow-results.json, GROWTH.md, grow-chart.png; the table says which databases ran), and the
// longer run its own in bench/grow-1m/; any other run writes them to bench/results/tmp/.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countWords } from '@cw/contract/words';
import { pathOf } from '@cw/contract/routes';
import { VERSIONS_PER_ITEM, PUBLISHED_VERSION_LABEL } from '@cw/contract';
import { login, registerVerified } from './api';
import { benchArgs } from './args';
import { ensureBuilt } from './build';
import {
  GROW_IMPORT_EMAIL,
  GROW_PASSWORD,
  GROW_TAG,
  factsOf,
  growEmail,
  seedGrowth,
  shapeFor,
} from './grow-seed';
import type { GrowFacts } from './grow-seed';
import { checkPlans } from './grow-plans';
import {
  ROUTES,
  ROUTE_LABEL,
  resolveRoutePaths,
  routePaths,
  type GrowResults,
  type Kind,
  type PlanReport,
  type RunFigures,
} from './grow-routes';
import { writeGrowthReport } from './grow-report';
import { measure } from './load';
import { benchDir } from './paths';
import { createScratchDatabase, type ScratchDatabase } from './postgres';
import { startServer, type RunningProcess, runBench, settle } from './processes';
import { pgliteRunner, postgresRunner, type SqlRunner } from './seed';

export const DEFAULT_SIZES = [10_000, 100_000];
export const LONG_SIZES = [10_000, 1_000_000];

const { get, flag } = benchArgs();
const sizes = (get('items') ?? DEFAULT_SIZES.join(','))
  .split(',')
  .map((value) => Number(value.replace(/_/g, '')))
  .filter((value) => Number.isInteger(value) && value >= 1000);
const dbs = (get('db') ?? 'postgres,pglite')
  .split(',')
  .filter((db): db is Kind => db === 'pglite' || db === 'postgres');
const skip = new Set((get('skip') ?? '').split(',').filter(Boolean));
const keep = flag('keep');
/** PGlite runs up to this size (bench/README.md, "Growth"); 100,000 unless told less. */
const pgliteMax = Math.min(100_000, Number(get('pglite-max') ?? 100_000));
const load = {
  connections: 50,
  durationS: Number(get('duration') ?? 5),
  warmupS: Number(get('warmup') ?? 2),
};
/** The one-client pass of each route (bench/README.md, "Growth"). */
const oneClientLoad = { connections: 1, durationS: load.durationS, warmupS: 1 };
/** A run of the default sizes and settings writes the committed files (bench/grow-results.json). */
const isRecordRun =
  get('results') === undefined &&
  sizes.join(',') === DEFAULT_SIZES.join(',') &&
  skip.size === 0 &&
  load.durationS === 5 &&
  load.warmupS === 2;
/**
 * The longer run (bench/README.md, "Growth"): 10k and 1M items on PostgreSQL, the 10k beside
 * it for the ratios, with the default settings; kept in bench/grow-1m/.
 */
const isLongRecordRun =
  get('results') === undefined &&
  sizes.join(',') === LONG_SIZES.join(',') &&
  dbs.join(',') === 'postgres' &&
  skip.size === 0 &&
  load.durationS === 5 &&
  load.warmupS === 2;
const resultsFile = path.resolve(
  get('results') ??
    (isRecordRun
      ? path.join(benchDir, 'grow-results.json')
      : isLongRecordRun
        ? path.join(benchDir, 'grow-1m', 'grow-results.json')
        : path.join(benchDir, 'results', 'tmp', 'grow-results.json')),
);

const started = Date.now();
/** The 1-minute load average, sampled every 10 s: the bench's own processes keep two cores busy. */
const loadSeen = { min: Infinity, max: 0 };
const sampleLoad = () => {
  const [now = 0] = os.loadavg();
  loadSeen.min = Math.min(loadSeen.min, now);
  loadSeen.max = Math.max(loadSeen.max, now);
};
setInterval(sampleLoad, 10_000).unref();
const log = (line: string) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(5);
  process.stderr.write(`[grow ${seconds}s] ${line}\n`);
};

/** A database's size on disk: PostgreSQL's own count; PGlite's data directory. */
async function dbSizeMb(kind: Kind, dataDir: string, scratch?: ScratchDatabase): Promise<number> {
  if (kind === 'postgres' && scratch) {
    const runner = await postgresRunner(scratch.url);
    try {
      const [row] = await runner.rows<{ bytes: string }>(
        `select pg_database_size(current_database())::text as bytes`,
      );
      return Number(row?.bytes ?? 0) / 1024 ** 2;
    } finally {
      await runner.close();
    }
  }
  const out = execFileSync('du', ['-sk', path.join(dataDir, 'db')], { encoding: 'utf8' });
  return Number(out.split('\t')[0]) / 1024;
}

async function fetchWithRetry(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Waits until the server (and PostgreSQL's backends) is idle, at most 90 s (processes.ts). */
async function settleOrSay(cpuMs: () => number, databaseCpu?: () => Promise<Map<number, number>>) {
  if (!(await settle(90_000, cpuMs, databaseCpu))) log('  still busy after 90 s; measuring anyway');
}

/** Reads a few routes once and checks that the seeded rows read as the API's own. */
async function validate(
  server: RunningProcess,
  facts: GrowFacts,
  token: string,
): Promise<{ notes: string[]; problems: string[] }> {
  const notes: string[] = [];
  const problems: string[] = [];
  const auth = { authorization: `Bearer ${token}` };
  for (const id of [facts.itemId, ...facts.sampleItemIds]) {
    const item = (await (
      await fetchWithRetry(`${server.baseUrl}${pathOf('contents.get', { id })}`, { headers: auth })
    ).json()) as { content?: string; word_count?: number };
    const counted = countWords(item.content ?? '');
    if (item.word_count !== counted)
      problems.push(`item ${id}: word_count ${item.word_count}, countWords ${counted}`);
    else notes.push(`item ${id}: ${counted} words, as countWords counts them`);
  }
  const list = (await (
    await fetchWithRetry(`${server.baseUrl}${pathOf('contents.list')}?page_size=1`, {
      headers: auth,
    })
  ).json()) as { count?: number };
  // Beyond 10,000 items a list's count is the planner's estimate (decision 256; docs/api.md,
  // "Lists"): within a tenth of the seeded number, and never 10,000 or less.
  const countOk =
    facts.heavyItems <= 10_000
      ? list.count === facts.heavyItems
      : list.count !== undefined &&
        list.count > 10_000 &&
        Math.abs(list.count - facts.heavyItems) <= facts.heavyItems / 10;
  if (!countOk)
    problems.push(`contents list count ${list.count}, seeded ${facts.heavyItems} live items`);
  else
    notes.push(
      `contents list: count ${list.count}${list.count === facts.heavyItems ? '' : ` (estimated; ${facts.heavyItems} seeded)`}`,
    );
  // The filtered list compares like with like: a full page at every size (src/grow-seed.ts).
  const filtered = (await (
    await fetchWithRetry(`${server.baseUrl}${routePaths(facts).contentsFiltered.path}`, {
      headers: auth,
    })
  ).json()) as { results?: unknown[] };
  if (filtered.results?.length !== 50)
    problems.push(`filtered contents list: ${filtered.results?.length} rows, not a page of 50`);
  else notes.push('filtered contents list: a full page of 50');
  const found = (await (
    await fetchWithRetry(
      `${server.baseUrl}${pathOf('search.query')}?q=${encodeURIComponent(`#${GROW_TAG}`)}`,
      { headers: auth },
    )
  ).json()) as { count?: number };
  if (!found.count) problems.push(`search #${GROW_TAG} found nothing`);
  else notes.push(`search #${GROW_TAG}: ${found.count} rows`);
  const page = await fetchWithRetry(
    `${server.baseUrl}${pathOf('public.page', { public_id: facts.publicId })}`,
  );
  const html = await page.text();
  const articles = (html.match(/<li><h2>/g) ?? []).length;
  if (page.status !== 200) problems.push(`public page answered ${page.status}`);
  else if (articles === 0) problems.push('public page: no items');
  else notes.push(`public page: 200, ${articles} items`);
  return { notes, problems };
}

/** Waits for the start-up purge of the trash (a job) to finish; answers its duration and result. */
async function waitForPurge(
  kind: Kind,
  server: RunningProcess,
  scratch?: ScratchDatabase,
): Promise<{ seconds: number; result: Record<string, unknown> } | undefined> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (kind === 'postgres' && scratch) {
      const runner = await postgresRunner(scratch.url);
      try {
        const [row] = await runner.rows<{ status: string; seconds: number; result: unknown }>(
          `select status, extract(epoch from updated_on - created_on)::float8 as seconds, result
           from jobs where kind = 'purge' order by id desc limit 1`,
        );
        if (row?.status === 'done')
          return { seconds: Number(row.seconds), result: row.result as Record<string, unknown> };
        if (row?.status === 'failed') return undefined;
      } finally {
        await runner.close();
      }
    } else {
      const text = fs.readFileSync(server.logFile, 'utf8');
      const line = text.split('\n').find((l) => l.includes('"trash purged"'));
      if (line) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return { seconds: Number.NaN, result: entry };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return undefined;
}

/**
 * Version pruning over the whole base: the rule the server applies to one item on each save
 * (VersionsRepository.trim: at most VERSIONS_PER_ITEM, the oldest unnamed first, the
 * published one kept), run set-based over every item, as an operator would after lowering the
 * limit.
 */
const PRUNE_SQL = `
with ranked as (
  select v.id, (c.published_version_id is not null)::int as published,
         row_number() over (partition by v.content_id
           order by (v.label is not null) desc, v.id desc) as keep_rank
  from content_versions v join contents c on c.id = v.content_id
  where v.id is distinct from c.published_version_id
    and v.content_id in (select content_id from content_versions group by content_id having count(*) > ${VERSIONS_PER_ITEM})
)
delete from content_versions where id in (select id from ranked where keep_rank > ${VERSIONS_PER_ITEM} - published)
returning id`;

async function timePrune(runner: SqlRunner): Promise<{ seconds: number; removed: number }> {
  const t0 = performance.now();
  const removed = await runner.rows<{ id: number }>(PRUNE_SQL);
  return { seconds: (performance.now() - t0) / 1000, removed: removed.length };
}

async function exportAndImport(
  server: RunningProcess,
  heavyToken: string,
  importToken: string,
  temp: string,
): Promise<Pick<RunFigures, 'export' | 'import'>> {
  const zipPath = path.join(temp, 'export.zip');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  let before = server.memory().rssMb;
  let peak = before;
  let sampler = setInterval(() => (peak = Math.max(peak, server.memory().rssMb)), 50);
  let t0 = performance.now();
  const answer = await fetch(`${server.baseUrl}${pathOf('export.download')}`, {
    headers: { authorization: `Bearer ${heavyToken}` },
  });
  if (answer.status !== 200 || !answer.body) throw new Error(`export answered ${answer.status}`);
  const out = fs.createWriteStream(zipPath);
  const reader = answer.body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (!out.write(value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  clearInterval(sampler);
  const exported = {
    seconds: (performance.now() - t0) / 1000,
    zipMb: bytes / 1024 ** 2,
    rssBeforeMb: before,
    rssPeakMb: Math.max(peak, server.memory().rssMb),
  };
  log(`  export: ${exported.zipMb.toFixed(1)} MB in ${exported.seconds.toFixed(1)} s`);

  await new Promise((resolve) => setTimeout(resolve, 1000));
  before = server.memory().rssMb;
  peak = before;
  sampler = setInterval(() => (peak = Math.max(peak, server.memory().rssMb)), 50);
  t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(zipPath))]), 'export.zip');
  const auth = { authorization: `Bearer ${importToken}` };
  const started = await fetch(`${server.baseUrl}${pathOf('import.start')}`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (started.status !== 202)
    throw new Error(`import answered ${started.status}: ${(await started.text()).slice(0, 300)}`);
  const { id } = (await started.json()) as { id: number };
  type Job = {
    status: string;
    processed: number;
    total: number;
    created: Record<string, number>;
    errors: unknown[];
  };
  let job: Job;
  let lastLogged = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = (await (
      await fetchWithRetry(`${server.baseUrl}${pathOf('import.get', { id })}`, { headers: auth })
    ).json()) as Job;
    if (job.status === 'done' || job.status === 'failed') break;
    if (performance.now() - lastLogged > 15_000) {
      lastLogged = performance.now();
      log(`  import: ${job.status} ${job.processed} / ${job.total}`);
    }
  }
  clearInterval(sampler);
  const imported = {
    seconds: (performance.now() - t0) / 1000,
    status: job.status,
    created: job.created,
    errors: job.errors.length,
    rssBeforeMb: before,
    rssPeakMb: Math.max(peak, server.memory().rssMb),
  };
  log(`  import: ${job.status} in ${imported.seconds.toFixed(1)} s`);
  fs.rmSync(zipPath, { force: true });
  return { export: exported, import: imported };
}

async function runOne(kind: Kind, items: number): Promise<RunFigures> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), `cw-grow-${kind}-${items}-`));
  const dataDir = path.join(temp, 'data');
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  if (keep) scratch?.keep();
  const jwtSecret = randomBytes(32).toString('hex');
  const serverOptions = {
    dataDir,
    databaseUrl: scratch?.url,
    jwtSecret,
    logLevel: 'info',
    logFile: path.join(temp, 'server.log'),
  };
  const problems: string[] = [];
  log(`${kind} ${items.toLocaleString('en')}: accounts (${temp})`);
  let server = await startServer(serverOptions);
  const mailDir = path.join(dataDir, 'mail');
  await registerVerified(server.baseUrl, mailDir, growEmail(1), GROW_PASSWORD);
  await registerVerified(server.baseUrl, mailDir, GROW_IMPORT_EMAIL, GROW_PASSWORD);
  await server.stop();

  const open = () => (kind === 'pglite' ? pgliteRunner(dataDir) : postgresRunner(scratch!.url));
  let runner = await open();
  const t0 = performance.now();
  let facts: GrowFacts;
  try {
    facts = await seedGrowth(runner, items, log);
  } finally {
    await runner.close();
  }
  const seedSeconds = (performance.now() - t0) / 1000;
  log(
    `${kind} ${items.toLocaleString('en')}: seeded in ${seedSeconds.toFixed(0)} s ${JSON.stringify(facts.seconds, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))} ${JSON.stringify(facts.rows)}`,
  );

  server = await startServer(serverOptions);
  const purge = await waitForPurge(kind, server, scratch);
  if (!purge) problems.push('the start-up purge did not finish');
  else log(`  purge: ${JSON.stringify(purge.result).slice(0, 160)}`);
  const idleMb = server.memory().rssMb;
  const heavy = await login(server.baseUrl, growEmail(1), GROW_PASSWORD);
  const { notes, problems: invalid } = await validate(server, facts, heavy.access);
  problems.push(...invalid);
  for (const note of notes) log(`  valid: ${note}`);

  const routes: RunFigures['routes'] = {};
  if (!skip.has('routes')) {
    const paths = await resolveRoutePaths(server.baseUrl, heavy.access, facts);
    for (const route of ROUTES) {
      const spec = paths[route];
      const url = `${server.baseUrl}${spec.path}`;
      const token = spec.auth ? heavy.access : undefined;
      await settleOrSay(server.cpuMs, scratch?.backendCpu);
      const first = await fetchWithRetry(url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const bytes = (await first.arrayBuffer()).byteLength;
      if (first.status !== 200) {
        problems.push(`${route}: ${first.status}`);
        continue;
      }
      const result = await measure({
        ...load,
        url,
        ...(token ? { token } : {}),
        cpuMs: server.cpuMs,
        ...(scratch ? { databaseCpu: scratch.backendCpu } : {}),
      });
      // Every request slower than the run itself: nothing was measured (the table says so).
      const unmeasured = result.p50 === 0 && result.max === 0;
      if (unmeasured)
        problems.push(
          `${route}: no answer to a request sent after the warm-up within ${load.durationS} s`,
        );
      // Then one client, one request at a time: the latency the absolute targets are read
      // against (at 50 connections on two cores a p50 is mostly queueing).
      const one = skip.has('oneclient')
        ? undefined
        : await measure({ ...oneClientLoad, url, ...(token ? { token } : {}) });
      routes[route] = {
        ...result,
        bytes,
        ...(unmeasured ? { p50: Number.NaN, p99: Number.NaN } : {}),
        ...(one
          ? { oneClient: { p50: one.p50, p99: one.p99, rps: one.rps, requests: one.requests } }
          : {}),
      };
      if (result.non2xx || result.errors)
        problems.push(`${route}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      log(
        `  ${ROUTE_LABEL[route].padEnd(40)} p50 ${result.p50.toFixed(1).padStart(7)} p99 ${result.p99.toFixed(1).padStart(7)} ms ${result.rps.toFixed(0).padStart(6)} req/s${one ? `; one client p50 ${one.p50.toFixed(1)} p99 ${one.p99.toFixed(1)} ms` : ''}`,
      );
    }
  }
  const afterMb = server.memory().rssMb;

  let exportImport: Pick<RunFigures, 'export' | 'import'> = {};
  if (!skip.has('export')) {
    const heavyAgain = await login(server.baseUrl, growEmail(1), GROW_PASSWORD);
    const importer = await login(server.baseUrl, GROW_IMPORT_EMAIL, GROW_PASSWORD);
    try {
      exportImport = await exportAndImport(server, heavyAgain.access, importer.access, temp);
    } catch (error) {
      problems.push(`export/import: ${(error as Error).message}`);
    }
  }
  const peakMb = server.memory().peakMb;

  await server.stop();
  let plans: PlanReport | undefined;
  if (kind === 'postgres' && scratch && !skip.has('plans')) {
    // A server of its own (its own DATA_DIR, the same database) records what each route runs.
    plans = await checkPlans(
      { ...serverOptions, dataDir: path.join(temp, 'capture-data') },
      scratch.url,
      facts,
      { email: growEmail(1), password: GROW_PASSWORD },
      log,
    );
  }

  // The purge's duration on PGlite: from its job row, once the server has let go of the files.
  runner = await open();
  let pruning: RunFigures['pruning'];
  try {
    if (purge && Number.isNaN(purge.seconds)) {
      const [row] = await runner.rows<{ seconds: number }>(
        `select extract(epoch from updated_on - created_on)::float8 as seconds from jobs
         where kind = 'purge' and status = 'done' order by id desc limit 1`,
      );
      purge.seconds = Number(row?.seconds ?? Number.NaN);
    }
    if (purge) {
      const [left] = await runner.rows<{ n: number }>(
        `select count(*)::int as n from contents where deleted_on < now() - interval '30 days'`,
      );
      purge.result = {
        ...purge.result,
        expiredBefore: facts.rows.expired_contents ?? 0,
        expiredLeft: Number(left?.n ?? 0),
      };
    }
    pruning = await timePrune(runner);
    log(`  version pruning: ${pruning.removed} removed in ${pruning.seconds.toFixed(2)} s`);
  } finally {
    await runner.close();
  }
  const size = await dbSizeMb(kind, dataDir, scratch);
  log(`  database on disk: ${size.toFixed(0)} MB`);
  if (scratch && !keep) await scratch.drop();
  if (keep) log(`  kept: ${scratch ? scratch.url : dataDir}`);
  else fs.rmSync(temp, { recursive: true, force: true });
  return {
    kind,
    items,
    facts,
    seedSeconds,
    validation: notes,
    routes,
    ...exportImport,
    ...(purge ? { purge } : {}),
    ...(pruning ? { pruning } : {}),
    dbSizeMb: size,
    serverRss: { idleMb, afterMb, peakMb },
    ...(plans ? { plans } : {}),
    problems,
  };
}

function resultsOf(runs: RunFigures[]): GrowResults {
  sampleLoad();
  return {
    date: new Date().toISOString(),
    mode: isRecordRun ? 'record' : 'partial',
    machine: {
      cores: os.cpus().length,
      node: process.version,
      loadAverage: os.loadavg(),
      loadDuring: [loadSeen.min, loadSeen.max],
      // What the operator knows of the machine (--machine-note="quiet: nothing else ran").
      note: get('machine-note') ?? '',
    },
    settings: { ...load, sizes, dbs },
    totalSeconds: (Date.now() - started) / 1000,
    runs,
    publishedVersionLabel: PUBLISHED_VERSION_LABEL,
  };
}

/**
 * `--plans-only=<database url>`: the plan checks alone, on a database a run kept (`--keep`),
 * with the server as built now (after a change to a query or an index).
 */
async function plansOnly(url: string): Promise<void> {
  const runner = await postgresRunner(url);
  let facts: GrowFacts;
  try {
    const [count] = await runner.rows<{ n: number }>('select count(*)::int as n from contents');
    facts = await factsOf(runner, shapeFor(Number(count?.n ?? 0)));
  } finally {
    await runner.close();
  }
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-grow-plans-'));
  const report = await checkPlans(
    {
      dataDir: path.join(temp, 'data'),
      databaseUrl: url,
      jwtSecret: randomBytes(32).toString('hex'),
      logLevel: 'warn',
      logFile: path.join(temp, 'server.log'),
    },
    url,
    facts,
    { email: growEmail(1), password: GROW_PASSWORD },
    log,
  );
  for (const finding of report.findings)
    log(
      `  ${finding.route.padEnd(16)} cost ${finding.totalCost.toFixed(0).padStart(8)} ${finding.seqScans.length ? `SEQ SCAN ${finding.seqScans.join(',')} ` : ''}${finding.query.slice(0, 90)}`,
    );
  for (const error of report.errors) log(`  not explained: ${error}`);
  fs.rmSync(temp, { recursive: true, force: true });
}

async function main(): Promise<void> {
  ensureBuilt(log);
  const plansUrl = get('plans-only');
  if (plansUrl) return plansOnly(plansUrl);
  const runs: RunFigures[] = [];
  // PostgreSQL first, every size (the targets are read there), then PGlite.
  for (const kind of dbs) {
    for (const items of sizes) {
      if (kind === 'pglite' && items > pgliteMax) {
        log(
          `pglite ${items.toLocaleString('en')}: left out (PGlite runs up to ${pgliteMax.toLocaleString('en')} items)`,
        );
        continue;
      }
      runs.push(await runOne(kind, items));
      // Written after every size and database: a run stopped part-way keeps what it measured.
      const results = resultsOf(runs);
      fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
      fs.writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
      log(`results: ${resultsFile}`);
      await writeGrowthReport(results, isRecordRun ? benchDir : path.dirname(resultsFile), log);
    }
  }
  for (const run of runs)
    for (const problem of run.problems) log(`problem: ${run.kind} ${run.items}: ${problem}`);
}

runBench('grow', main, log);
