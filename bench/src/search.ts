// The `search` part (decision 074): its own data set (ten users of 10,000 items each, see
// search-seed.ts) on a fresh DATA_DIR or PostgreSQL database, then, for the first user, one
// client at a time: `GET /api/search/?q=…` for eight kinds of query, beside the floor (the
// endpoint's main SQL run straight through the driver, decision 070), and on PostgreSQL what
// the tsvector column and its GIN index add to saving a content item.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { login, registerVerified, type Account } from './api';
import { createScratchDatabase } from './postgres';
import { readCpuMs, startServer, type RunningProcess } from './processes';
import {
  MARKERS,
  SEARCH_PASSWORD,
  SEARCH_TAG,
  SEARCH_USERS,
  searchUserEmail,
  seedSearch,
  type SearchSeedFacts,
  type SearchSize,
} from './search-seed';
import { pgliteRunner, postgresRunner } from './seed';
import type { Outcome } from './outcome';
import { pathOf } from '@cw/contract/routes';

export const SEARCH_QUERIES = {
  common: { label: 'a common word', q: 'camera' },
  rare: { label: 'a rare word', q: MARKERS.rareWord },
  twoWords: { label: 'two words', q: 'wedding festival' },
  phrase: { label: 'a phrase', q: `"${MARKERS.phrase}"` },
  prefix: { label: 'a prefix, as typed', q: 'scri' },
  or: { label: 'OR', q: 'podcast OR newsletter' },
  exclusion: { label: 'an exclusion', q: 'camera -tripod' },
  tag: { label: '`#tag`', q: `#${SEARCH_TAG}` },
} as const;
export type SearchQueryKey = keyof typeof SEARCH_QUERIES;

export interface LatencyFigure {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  requests: number;
  failed: number;
  /** CPU of the server process (or, for the floor on PGlite, of the bench process) per request. */
  cpuMsPerRequest: number | null;
  /** CPU of the PostgreSQL backends of the bench database per request; null on PGlite. */
  databaseCpuMsPerRequest: number | null;
  /** `count` of the answer (endpoint) or `total` of the page query (floor), first request. */
  matches: number | null;
}

export interface SaveCost {
  saves: number;
  /** ms per UPDATE, each its own transaction (commit included); cpuMs: its backend's CPU. */
  indexed: { p50: number; p95: number; mean: number; cpuMs: number };
  plain: { p50: number; p95: number; mean: number; cpuMs: number };
  /** Merging the GIN pending list afterwards (`gin_clean_pending_list`), ms, spread per save. */
  pendingMergeMsPerSave: number;
  pendingMergeCpuMsPerSave: number;
  /** mean(indexed) − mean(plain) + pending merge per save: wall clock, moves with the load. */
  addedMsPerSave: number;
  /** The same in backend CPU time: the figure checked against the target. */
  addedCpuMsPerSave: number;
}

export interface SearchResults {
  size: SearchSize;
  counts: SearchSeedFacts['counts'];
  otherCounts: SearchSeedFacts['otherCounts'];
  seedSeconds: {
    accounts: number;
    pool: number;
    rows: number;
    indexes: number;
    vacuum: number;
    total: number;
  };
  queries: Partial<
    Record<
      SearchQueryKey,
      {
        endpoint: Outcome<LatencyFigure>;
        /** The page query through the driver. */
        floor: Outcome<LatencyFigure>;
        /** The detail query of the page's content items (ts_headline), through the driver. */
        headlines?: Outcome<LatencyFigure>;
      }
    >
  >;
  all: { endpoint: Outcome<LatencyFigure>; floor: Outcome<LatencyFigure> };
  save: Outcome<SaveCost>;
  patch: Outcome<LatencyFigure>;
  problems: string[];
}

export interface SearchOptions {
  durationS: number;
  warmupS: number;
  size: SearchSize;
  saves: number;
  logLevel: string;
  log: (line: string) => void;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function latencyOf(
  samples: number[],
  extra: Omit<LatencyFigure, 'p50' | 'p95' | 'p99' | 'mean' | 'requests'>,
): LatencyFigure {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean,
    requests: sorted.length,
    ...extra,
  };
}

/**
 * Every query weighs the same in "all queries", however many requests it fit into its
 * seconds (a 1 ms query runs 50 times as often as a 50 ms one): each sample counts 1/n.
 */
export function pooledLatency(perQuery: number[][]): LatencyFigure {
  const weighted = perQuery
    .filter((samples) => samples.length > 0)
    .flatMap((samples) => samples.map((ms) => ({ ms, w: 1 / samples.length })))
    .sort((a, b) => a.ms - b.ms);
  const total = weighted.reduce((sum, x) => sum + x.w, 0);
  const at = (p: number) => {
    let seen = 0;
    for (const x of weighted) {
      seen += x.w;
      if (seen >= (p / 100) * total - 1e-9) return x.ms;
    }
    return weighted.at(-1)?.ms ?? Number.NaN;
  };
  return {
    p50: at(50),
    p95: at(95),
    p99: at(99),
    mean: weighted.reduce((sum, x) => sum + x.ms * x.w, 0) / Math.max(total, 1e-9),
    requests: weighted.length,
    failed: 0,
    cpuMsPerRequest: null,
    databaseCpuMsPerRequest: null,
    matches: null,
  };
}

/** One keep-alive connection; a request at a time, timed from send to the last byte. */
function client(baseUrl: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const send = (method: string, route: string, body?: unknown) =>
    new Promise<{ status: number; text: string; ms: number }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: route,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.setTimeout(30_000, () => request.destroy(new Error('time-out after 30 s')));
      request.end(payload);
    });
  return { send, close: () => agent.destroy() };
}

interface Clocks {
  cpuMs: () => number;
  databaseCpu?: () => Promise<Map<number, number>>;
}

/** Runs `once` back to back for `durationS` after a warm-up; CPU per call from the clocks. */
async function timed(
  once: () => Promise<{ ms: number; ok: boolean }>,
  durationS: number,
  warmupS: number,
  clocks: Clocks,
  maxCalls = Number.POSITIVE_INFINITY,
): Promise<{ samples: number[]; failed: number; cpu: number | null; db: number | null }> {
  const warmEnd = performance.now() + warmupS * 1000;
  while (performance.now() < warmEnd) await once();
  const cpuBefore = clocks.cpuMs();
  const dbBefore = await clocks.databaseCpu?.();
  const samples: number[] = [];
  let failed = 0;
  const end = performance.now() + durationS * 1000;
  while (performance.now() < end && samples.length + failed < maxCalls) {
    const { ms, ok } = await once();
    if (ok) samples.push(ms);
    else failed += 1;
  }
  const cpuAfter = clocks.cpuMs();
  const dbAfter = await clocks.databaseCpu?.();
  const calls = samples.length + failed;
  let db: number | null = null;
  if (dbBefore && dbAfter && calls > 0) {
    let used = 0;
    for (const [pid, ms] of dbAfter) used += ms - (dbBefore.get(pid) ?? 0);
    db = used / calls;
  }
  return { samples, failed, cpu: calls > 0 ? (cpuAfter - cpuBefore) / calls : null, db };
}

const processCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function attempt<T>(
  what: string,
  log: (line: string) => void,
  run: () => Promise<T>,
): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const message = (error as Error).message;
    log(`${what}: not measured: ${message.split('\n')[0]}`);
    return { ok: false, error: message };
  }
}

/** A driver that runs the floor SQL: pg on PostgreSQL, PGlite in this process otherwise. */
interface FloorDriver {
  query(text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
  cpuMs(): number;
  databaseCpu?: () => Promise<Map<number, number>>;
  close(): Promise<void>;
}

async function floorDriver(
  kind: 'pglite' | 'postgres',
  dataDir: string,
  url: string | undefined,
  backendCpu?: () => Promise<Map<number, number>>,
): Promise<FloorDriver> {
  if (kind === 'postgres') {
    const pgClient = new pg.Client({ connectionString: url });
    await pgClient.connect();
    return {
      query: async (text, values) => (await pgClient.query(text, values)).rows,
      cpuMs: () => 0,
      databaseCpu: backendCpu,
      close: () => pgClient.end(),
    };
  }
  const db = new PGlite(path.join(dataDir, 'db'));
  await db.waitReady;
  return {
    query: async (text, values) => (await db.query<Record<string, unknown>>(text, values)).rows,
    cpuMs: processCpuMs,
    close: () => db.close(),
  };
}

async function measureFloors(
  driver: FloorDriver,
  facts: SearchSeedFacts,
  options: SearchOptions,
  result: SearchResults,
  label: string,
) {
  const everything: number[][] = [];
  // Loaded here: it follows the server's sources, and a mismatch should cost the floor only.
  const { searchFloor } = await import('./search-sql');
  for (const key of Object.keys(SEARCH_QUERIES) as SearchQueryKey[]) {
    const entry = (result.queries[key] ??= {
      endpoint: { ok: false, error: 'not run' },
      floor: { ok: false, error: 'not run' },
    });
    options.log(`${label}: search floor: ${SEARCH_QUERIES[key].label}`);
    const headlines: number[] = [];
    entry.floor = await attempt(`floor ${key}`, options.log, async () => {
      const sql = searchFloor(SEARCH_QUERIES[key].q, facts);
      const first = await driver.query(sql.page.text, sql.page.values);
      const total = first[0] ? Number(first[0].total) : 0;
      const contentIds = first.filter((row) => row.type === 'content').map((row) => Number(row.id));
      const details = sql.details(contentIds);
      const run = await timed(
        async () => {
          const started = performance.now();
          await driver.query(sql.page.text, sql.page.values);
          const ms = performance.now() - started;
          // The page's headlines, timed apart (they are not part of the floor figure).
          if (details) {
            const before = performance.now();
            await driver.query(details.text, details.values);
            headlines.push(performance.now() - before);
          }
          return { ms, ok: true };
        },
        options.durationS,
        options.warmupS,
        { cpuMs: driver.cpuMs, databaseCpu: driver.databaseCpu },
      );
      everything.push(run.samples);
      return latencyOf(run.samples, {
        failed: run.failed,
        cpuMsPerRequest: driver.databaseCpu ? null : run.cpu,
        databaseCpuMsPerRequest: run.db,
        matches: total,
      });
    });
    entry.headlines = headlines.length
      ? {
          ok: true,
          value: latencyOf(headlines, {
            failed: 0,
            cpuMsPerRequest: null,
            databaseCpuMsPerRequest: null,
            matches: null,
          }),
        }
      : { ok: false, error: 'no content item on the page' };
  }
  result.all.floor = everything.length
    ? { ok: true, value: pooledLatency(everything) }
    : { ok: false, error: 'no floor measured' };
}

async function measureEndpoint(
  server: RunningProcess,
  account: Account,
  facts: SearchSeedFacts,
  options: SearchOptions,
  result: SearchResults,
  label: string,
  databaseCpu: (() => Promise<Map<number, number>>) | undefined,
) {
  const everything: number[][] = [];
  const http1 = client(server.baseUrl, account.access);
  try {
    for (const key of Object.keys(SEARCH_QUERIES) as SearchQueryKey[]) {
      const entry = (result.queries[key] ??= {
        endpoint: { ok: false, error: 'not run' },
        floor: { ok: false, error: 'not run' },
      });
      options.log(`${label}: search: ${SEARCH_QUERIES[key].label} (${SEARCH_QUERIES[key].q})`);
      entry.endpoint = await attempt(`search ${key}`, options.log, async () => {
        const route = `${pathOf('search.query')}?q=${encodeURIComponent(SEARCH_QUERIES[key].q)}`;
        const first = await http1.send('GET', route);
        if (first.status !== 200) {
          throw new Error(
            `GET ${pathOf('search.query')} answered ${first.status} (expected 200): ${first.text.slice(0, 160)}`,
          );
        }
        const count = (JSON.parse(first.text) as { count?: number }).count ?? null;
        const run = await timed(
          async () => {
            const answer = await http1.send('GET', route);
            return { ms: answer.ms, ok: answer.status === 200 };
          },
          options.durationS,
          options.warmupS,
          { cpuMs: server.cpuMs, databaseCpu },
        );
        everything.push(run.samples);
        return latencyOf(run.samples, {
          failed: run.failed,
          cpuMsPerRequest: run.cpu,
          databaseCpuMsPerRequest: run.db,
          matches: count,
        });
      });
    }
    result.all.endpoint = everything.length
      ? { ok: true, value: pooledLatency(everything) }
      : { ok: false, error: 'no query answered' };

    // Saving an item through the API: PATCH of title + content of ~1,000 words, the texts of
    // other items, so every save changes the words (and the tsvector) of the item.
    options.log(`${label}: PATCH of a content item (title + ~1,000 words)`);
    result.patch = await attempt('patch', options.log, async () => {
      const texts = facts.saveTexts;
      let i = 0;
      const once = async () => {
        const target = texts[i % texts.length];
        const text = texts[(i + 1) % texts.length];
        i += 1;
        if (!target || !text) return { ms: 0, ok: false };
        const answer = await http1.send('PATCH', pathOf('contents.update', { id: target.id }), {
          title: text.title,
          content: text.content,
        });
        if (answer.status !== 200 && i === 1)
          throw new Error(`PATCH answered ${answer.status}: ${answer.text.slice(0, 160)}`);
        return { ms: answer.ms, ok: answer.status === 200 };
      };
      const run = await timed(once, options.durationS, 0.5, {
        cpuMs: server.cpuMs,
        databaseCpu,
      });
      return latencyOf(run.samples, {
        failed: run.failed,
        cpuMsPerRequest: run.cpu,
        databaseCpuMsPerRequest: run.db,
        matches: null,
      });
    });
  } finally {
    http1.close();
  }
}

/**
 * Cost of the tsvector column and its GIN index on a save: the same UPDATEs (title + content of
 * a ~1,000-word item, autocommit) on `contents` and on a copy of the user's rows in a table
 * made `LIKE contents` with the same indexes but without the tsvector columns. Each table has
 * its own connection, so the CPU time of each backend (from /proc) is the cost of its saves
 * alone: unlike the wall-clock times it hardly moves with other work on the machine.
 */
async function measureSaveCost(
  url: string,
  facts: SearchSeedFacts,
  saves: number,
): Promise<SaveCost> {
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return { client, pid: Number(rows[0]?.pid) };
  };
  const real = await connect();
  const copy = await connect();
  const db = real.client;
  try {
    const { rows: vectors } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'contents' and data_type = 'tsvector'`,
    );
    if (vectors.length === 0)
      throw new Error('contents has no tsvector column (no migration 0005)');
    const { rows: columns } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'contents' and is_generated = 'NEVER'
       order by ordinal_position`,
    );
    const list = columns.map((c) => `"${c.column_name}"`).join(', ');
    await db.query('drop table if exists bench_contents_plain');
    await db.query(
      'create table bench_contents_plain (like contents including defaults including constraints including indexes including storage)',
    );
    for (const { column_name } of vectors) {
      await db.query(`alter table bench_contents_plain drop column "${column_name}"`);
    }
    await db.query(
      `insert into bench_contents_plain (${list}) select ${list} from contents where user_id = $1`,
      [facts.userId],
    );
    await db.query('vacuum analyze bench_contents_plain');
    const { rows: ids } = await db.query<{ id: number }>(
      'select id from contents where user_id = $1 order by id limit $2',
      [facts.userId, saves],
    );
    const texts = facts.saveTexts;
    const indexed: number[] = [];
    const plain: number[] = [];
    const update = async (client: pg.Client, table: string, index: number, id: number) => {
      const text = texts[(index + 1) % texts.length];
      const started = performance.now();
      await client.query(
        `update ${table} set title = $1, content = $2, updated_on = now() where id = $3`,
        [text?.title ?? 'x', text?.content ?? 'x', id],
      );
      return performance.now() - started;
    };
    const realCpu = readCpuMs(real.pid);
    const copyCpu = readCpuMs(copy.pid);
    // Interleaved, so a burst of load elsewhere on the machine hits both sides alike.
    for (const [index, row] of ids.entries()) {
      indexed.push(await update(real.client, 'contents', index, Number(row.id)));
      plain.push(await update(copy.client, 'bench_contents_plain', index, Number(row.id)));
    }
    const realCpuMs = readCpuMs(real.pid) - realCpu;
    const copyCpuMs = readCpuMs(copy.pid) - copyCpu;
    // With fastupdate (the default) the GIN index takes new entries into a pending list and
    // merges them later (when it exceeds gin_pending_list_limit, or at VACUUM): that work is
    // part of the cost of the saves even when autovacuum pays it.
    let pendingMs = 0;
    const mergeCpu = readCpuMs(real.pid);
    const { rows: gins } = await db.query<{ name: string }>(
      `select i.indexrelid::regclass::text as name from pg_index i
       join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
       where i.indrelid = 'contents'::regclass and a.amname = 'gin'`,
    );
    for (const gin of gins) {
      const started = performance.now();
      await db.query('select gin_clean_pending_list($1::regclass)', [gin.name]);
      pendingMs += performance.now() - started;
    }
    const mergeCpuMs = readCpuMs(real.pid) - mergeCpu;
    const summary = (samples: number[]) => {
      const figure = latencyOf(samples, {
        failed: 0,
        cpuMsPerRequest: null,
        databaseCpuMsPerRequest: null,
        matches: null,
      });
      return { p50: figure.p50, p95: figure.p95, mean: figure.mean };
    };
    const a = summary(indexed);
    const b = summary(plain);
    const n = Math.max(1, ids.length);
    const pendingMergeMsPerSave = pendingMs / n;
    return {
      saves: ids.length,
      indexed: { ...a, cpuMs: realCpuMs / n },
      plain: { ...b, cpuMs: copyCpuMs / n },
      pendingMergeMsPerSave,
      pendingMergeCpuMsPerSave: mergeCpuMs / n,
      addedMsPerSave: a.mean - b.mean + pendingMergeMsPerSave,
      addedCpuMsPerSave: (realCpuMs - copyCpuMs + mergeCpuMs) / n,
    };
  } finally {
    await db.query('drop table if exists bench_contents_plain').catch(() => undefined);
    await real.client.end();
    await copy.client.end();
  }
}

/** The whole part on one database: fresh data, floor, endpoint, save cost. */
export async function benchSearch(
  kind: 'pglite' | 'postgres',
  options: SearchOptions,
): Promise<SearchResults> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const { log } = options;
  const result: SearchResults = {
    size: options.size,
    counts: {} as SearchResults['counts'],
    otherCounts: {} as SearchResults['otherCounts'],
    seedSeconds: { accounts: 0, pool: 0, rows: 0, indexes: 0, vacuum: 0, total: 0 },
    queries: {},
    all: { endpoint: { ok: false, error: 'not run' }, floor: { ok: false, error: 'not run' } },
    save: { ok: false, error: kind === 'postgres' ? 'not run' : 'PostgreSQL only' },
    patch: { ok: false, error: 'not run' },
    problems: [],
  };
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), `cw-bench-search-${kind}-`));
  const dataDir = path.join(temp, 'data');
  const logFile = path.join(temp, 'server.log');
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  const jwtSecret = randomBytes(32).toString('hex');
  const serverFor = () =>
    startServer({
      dataDir,
      databaseUrl: scratch?.url,
      jwtSecret,
      logLevel: options.logLevel,
      logFile,
      nodeArgs: process.env.BENCH_SEARCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SEARCH_CPU_PROF}`]
        : undefined,
    });
  let server: RunningProcess | undefined;
  try {
    log(
      `${label}: search data set, measured user at size ${options.size.fraction}, others at ${options.size.others} (${temp})`,
    );
    const seedStarted = performance.now();
    server = await serverFor();
    const mailDir = path.join(dataDir, 'mail');
    for (let n = 0; n < SEARCH_USERS; n += 1) {
      await registerVerified(server.baseUrl, mailDir, searchUserEmail(n), SEARCH_PASSWORD);
    }
    result.seedSeconds.accounts = (performance.now() - seedStarted) / 1000;
    await server.stop();
    server = undefined;
    const runner =
      kind === 'pglite' ? await pgliteRunner(dataDir) : await postgresRunner(scratch?.url ?? '');
    let facts: SearchSeedFacts;
    try {
      facts = await seedSearch(runner, options.size, log);
    } finally {
      await runner.close();
    }
    result.counts = facts.counts;
    result.otherCounts = facts.otherCounts;
    result.seedSeconds.pool = facts.seconds.pool;
    result.seedSeconds.rows = facts.seconds.users.reduce((sum, s) => sum + s, 0);
    result.seedSeconds.indexes = facts.seconds.indexes;
    result.seedSeconds.vacuum = facts.seconds.vacuum;
    result.seedSeconds.total = (performance.now() - seedStarted) / 1000;
    log(
      `${label}: search data seeded in ${result.seedSeconds.total.toFixed(0)} s ` +
        `(rows ${result.seedSeconds.rows.toFixed(0)} s, GIN indexes ${facts.seconds.indexes.toFixed(0)} s, vacuum analyze ${facts.seconds.vacuum.toFixed(0)} s)`,
    );

    // The floor first, on PGlite while no server holds the data directory.
    const driver = await floorDriver(kind, dataDir, scratch?.url, scratch?.backendCpu);
    try {
      await measureFloors(driver, facts, options, result, label);
    } catch (error) {
      result.problems.push(`floor: ${(error as Error).message.split('\n')[0]}`);
      log(`${label}: search floor: ${(error as Error).message}`);
    } finally {
      await driver.close();
    }

    server = await serverFor();
    const account = await login(server.baseUrl, searchUserEmail(0), SEARCH_PASSWORD);
    await measureEndpoint(server, account, facts, options, result, label, scratch?.backendCpu);
    await server.stop();
    server = undefined;

    if (kind === 'postgres' && scratch) {
      log(`${label}: cost of the search index on ${options.saves} saves`);
      result.save = await attempt('save cost', log, () =>
        measureSaveCost(scratch.url, facts, options.saves),
      );
    }
  } catch (error) {
    result.problems.push((error as Error).message.split('\n')[0] ?? 'failed');
    log(`${label}: search: ${(error as Error).message}`);
  } finally {
    await server?.stop();
    // BENCH_SEARCH_KEEP=1 keeps the data set for a profile (EXPLAIN ANALYZE, --cpu-prof).
    if (process.env.BENCH_SEARCH_KEEP) {
      scratch?.keep();
      log(`${label}: kept ${scratch ? `database ${scratch.name}` : `data in ${dataDir}`}`);
    } else {
      await scratch?.drop();
      fs.rmSync(temp, { recursive: true, force: true });
    }
  }
  return result;
}
