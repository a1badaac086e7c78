// `npm run bench`: starts the production server on loopback (embedded PGlite, then a fresh
// PostgreSQL database) and a bare Fastify baseline, seeds, measures, prints the table with the
// targets beside the figures and writes bench/results.json. Never a test: it fails nothing.
// Then, one after the other, the benches that also run alone (`npm run bench:export`,
// `bench:import`, `bench:pipeline`, `bench:floors`, `bench:collab`, `bench:lighthouse`), each in a child process as its
// own script starts it; their targets are read back from their results files into the same table
// (src/parts.ts, decision 075).
//
//   npm run bench                          the full run (about 35 minutes on 2 cores: search 13,
//                                          floors 6, export 5, pipeline 2, import 1)
//   npm run bench -- --quick               short runs for development (bench/results-partial.json);
//                                          the parts run small (export 500 items + 128 MB, import
//                                          500 notes, pipeline 100 items, floors --quick) and write
//                                          into bench/results/tmp/
//   npm run bench -- --db=postgres         one database only (pglite | postgres; floors follow it,
//                                          export, import and pipeline always run on PGlite)
//   npm run bench -- --skip=web,editor     leave parts out (api, logins, scale, web, editor, search,
//                                          export, import, pipeline, floors, collab, lighthouse)
//   npm run bench -- --search-size=0.1     the search data set at a tenth of its size (dev runs;
//                                          0.1/0.02: the measured user / the nine others)
//   npm run bench -- --server-log-level=warn   the server's LOG_LEVEL (default: info, as shipped)
//   npm run bench -- --memory-breakdown    diagnostic: the server logs where its RSS is (V8 spaces,
//                                          WebAssembly memory, code) at idle and after the API
//                                          part (src/memory-probe.mjs); not for recorded figures
import { benchArgs } from './args';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { login, registerVerified, call, type Account } from './api';
import { jsDownloadedFor, launchBrowser, measureEditor } from './browser';
import { ensureBuilt } from './build';
import { measure, measureUnderLogins, type LoadSpec } from './load';
import { benchDir } from './paths';
import { createScratchDatabase } from './postgres';
import { benchSearch } from './search';
import { refreshReadme } from './readme-table';
import { runScriptPart, SCRIPT_PARTS, type ScriptPart, type ScriptPartResult } from './parts';
import { runCleanups, startBareServer, startServer, type RunningProcess } from './processes';
import {
  API_ENDPOINTS,
  checksFor,
  renderTables,
  SCALE_QUERIES,
  type ApiEndpoint,
  type DatabaseResults,
  type Outcome,
  type Results,
  type ScaleQuery,
  type WebResults,
} from './results';
import {
  PASSWORD,
  pgliteRunner,
  postgresRunner,
  SEED,
  seedBulk,
  TAG_NAME_QUERY,
  USERS,
  type SeedFacts,
} from './seed';
import { pathOf } from '@cw/contract/routes';

type Part = 'api' | 'logins' | 'scale' | 'web' | 'editor' | 'search' | ScriptPart;
type Kind = 'pglite' | 'postgres';

function parseArgs(argv: string[]) {
  const { get, flag, nodeArgs } = benchArgs(argv);
  const quick = flag('quick');
  const dbs = (get('db') ?? 'pglite,postgres')
    .split(',')
    .filter((db): db is Kind => db === 'pglite' || db === 'postgres');
  const skip = new Set((get('skip') ?? '').split(',') as Part[]);
  const searchSize = get('search-size');
  return {
    quick,
    /** Diagnostic: the server runs with src/memory-probe.mjs and logs where its RSS is. */
    memoryBreakdown: flag('memory-breakdown'),
    /** Diagnostic: node flags for the server instead of those of `npm start` (space-separated). */
    serverNodeArgs: nodeArgs('server-node-args'),
    dbs,
    skip,
    logLevel: get('server-log-level') ?? 'info',
    connections: 50,
    durationS: quick ? 3 : 10,
    warmupS: quick ? 1 : 3,
    scaleConnections: 1,
    scaleDurationS: quick ? 2 : 5,
    loginsPerS: 10,
    words: 10_000,
    keystrokes: quick ? 40 : 200,
    /**
     * Size of the search data set as a share of the target's (10 users × 10,000 items), for the
     * measured user and the nine others: all 1 on PostgreSQL; on PGlite the measured user is
     * full size and the others a tenth (PGLITE_SEARCH_OTHERS: seeding 100 M words in
     * WebAssembly takes too long, bench/README.md); `--quick` seeds a tenth of everything;
     * `--search-size` sets everything.
     */
    searchSize: {
      postgres: searchSizeOf(searchSize, quick, 1),
      pglite: searchSizeOf(searchSize, quick, PGLITE_SEARCH_OTHERS),
    },
    saves: quick ? 100 : 300,
  };
}
type Options = ReturnType<typeof parseArgs>;
/** The nine other users of the search data set on PGlite, as a share of full size. */
const PGLITE_SEARCH_OTHERS = 0.1;

function searchSizeOf(given: string | undefined, quick: boolean, others: number) {
  // `--search-size=0.1` (everyone) or `--search-size=0.1/0.02` (measured user / the others).
  if (given) {
    const [fraction, others] = given.split('/').map(Number);
    return { fraction: fraction ?? 1, others: others ?? fraction ?? 1 };
  }
  return quick ? { fraction: 0.1, others: 0.1 } : { fraction: 1, others };
}

const started = Date.now();
const log = (line: string) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  process.stderr.write(`[bench ${seconds}s] ${line}\n`);
};

async function attempt<T>(what: string, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const message = (error as Error).message;
    log(`${what}: not measured: ${message.split('\n')[0]}`);
    return { ok: false, error: message };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Seeded {
  library: Account;
  scale: Account;
  facts: SeedFacts;
}

/** Accounts through the API, then the bulk rows through SQL with the server stopped. */
async function prepare(
  kind: Kind,
  serverFor: () => Promise<RunningProcess>,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ server: RunningProcess; seeded: Outcome<Seeded>; seedSeconds: number }> {
  let server = await serverFor();
  const seedStarted = Date.now();
  const accounts = await attempt('accounts', async () => {
    const mailDir = path.join(dataDir, 'mail');
    const library = await registerVerified(server.baseUrl, mailDir, USERS.library, PASSWORD);
    const scale = await registerVerified(server.baseUrl, mailDir, USERS.scale, PASSWORD);
    await registerVerified(server.baseUrl, mailDir, USERS.login, PASSWORD);
    return { library, scale };
  });
  // The embedded database belongs to one process at a time: seed it with the server stopped.
  // PostgreSQL is seeded the same way, so both servers start fresh on the same data.
  await server.stop();
  let seeded: Outcome<Seeded> = accounts.ok ? { ok: false, error: 'not seeded' } : accounts;
  if (accounts.ok) {
    seeded = await attempt('seed', async () => {
      const runner =
        kind === 'pglite' ? await pgliteRunner(dataDir) : await postgresRunner(databaseUrl ?? '');
      try {
        return { ...accounts.value, facts: await seedBulk(runner) };
      } finally {
        await runner.close();
      }
    });
  }
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  server = await serverFor();
  return { server, seeded, seedSeconds };
}

/** One GET or POST first, so a missing route is reported as such instead of benchmarked. */
async function checked(spec: LoadSpec, expected: number, what: string): Promise<LoadSpec> {
  const url = new URL(spec.url);
  const answer = await call(url.origin, spec.method ?? 'GET', url.pathname + url.search, {
    token: spec.token,
    body: spec.body,
  });
  if (answer.status !== expected) {
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    throw new Error(
      `${what} answered ${answer.status} (expected ${expected}): ${body.slice(0, 160)}`,
    );
  }
  return spec;
}

async function benchDatabase(
  kind: Kind,
  options: Options,
  bare: RunningProcess | null,
  browserPart: ((server: RunningProcess, seeded: Outcome<Seeded>) => Promise<void>) | null,
): Promise<DatabaseResults> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const result: DatabaseResults = {
    kind,
    label,
    seedSeconds: 0,
    bare: { ok: false, error: 'not run' },
    api: {},
    underLogins: { ok: false, error: 'not run' },
    scale: {},
    memory: {},
    problems: [],
  };
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), `cw-bench-${kind}-`));
  const dataDir = path.join(temp, 'data');
  const logFile = path.join(temp, 'server.log');
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  const jwtSecret = randomBytes(32).toString('hex');
  const probeFile = path.join(temp, 'memory-probe.jsonl');
  const serverFor = () =>
    startServer({
      dataDir,
      databaseUrl: scratch?.url,
      jwtSecret,
      logLevel: options.logLevel,
      logFile,
      ...(options.serverNodeArgs ? { startFlags: options.serverNodeArgs } : {}),
      ...(options.memoryBreakdown
        ? {
            nodeArgs: ['--import', path.join(benchDir, 'src', 'memory-probe.mjs')],
            env: { MEMORY_PROBE_FILE: probeFile },
          }
        : {}),
    });
  /** The probe's breakdown of the server's memory now (only with --memory-breakdown). */
  const breakdown = async (moment: string) => {
    if (!options.memoryBreakdown || !server) return;
    const lines = () =>
      fs.existsSync(probeFile) ? fs.readFileSync(probeFile, 'utf8').trim().split('\n') : [];
    const before = lines().length;
    process.kill(server.pid, 'SIGUSR2');
    // The server may still be answering the requests queued by the load just ended.
    for (let waited = 0; lines().length === before && waited < 30_000; waited += 250)
      await sleep(250);
    log(`${label}: memory ${moment}: ${lines().slice(before).join(' ') || '(no answer)'}`);
  };

  let server: RunningProcess | undefined;
  try {
    log(`${label}: starting the server and seeding (${temp})`);
    const prepared = await prepare(kind, serverFor, dataDir, scratch?.url);
    server = prepared.server;
    result.seedSeconds = prepared.seedSeconds;
    const seeded = prepared.seeded;
    if (!seeded.ok) result.problems.push(`no seeded data: ${seeded.error.split('\n')[0]}`);
    await sleep(2000);
    result.memory.idle = server.memory();
    log(`${label}: idle RSS ${Math.round(result.memory.idle.rssMb)} MB`);
    await breakdown('idle');

    const base = server.baseUrl;
    const load = {
      connections: options.connections,
      durationS: options.durationS,
      warmupS: options.warmupS,
      cpuMs: server.cpuMs,
      databaseCpu: scratch?.backendCpu,
    };
    if (!options.skip.has('api') && bare) {
      log(`${label}: bare Fastify route`);
      result.bare = await attempt('bare', () =>
        measure({
          ...load,
          cpuMs: bare.cpuMs,
          databaseCpu: undefined,
          url: `${bare.baseUrl}/bare`,
        }),
      );
      const bareRps = result.bare.ok ? result.bare.value.rps : Number.NaN;
      const specs: Record<ApiEndpoint, () => Promise<LoadSpec>> = {
        health: () =>
          checked({ ...load, url: `${base}${pathOf('system.health')}` }, 200, 'GET /api/health'),
        collectionsList: async () => {
          const s = need(seeded);
          return checked(
            {
              ...load,
              url: `${base}${pathOf('collections.list')}?page_size=50`,
              token: s.library.access,
            },
            200,
            'GET /api/collections/list/',
          );
        },
        contentItem: async () => {
          const s = need(seeded);
          return checked(
            {
              ...load,
              url: `${base}${pathOf('contents.get', { id: s.facts.scaleContentId })}`,
              token: s.scale.access,
            },
            200,
            'GET /api/collections/contents-list/{id}/',
          );
        },
        contentCreate: async () => {
          const s = need(seeded);
          return checked(
            {
              ...load,
              url: `${base}${pathOf('contents.create')}`,
              method: 'POST',
              token: s.library.access,
              body: {
                title: 'Benchmark script',
                content: `# Take one\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(25)}`,
                tags: s.facts.libraryTagIds,
                meta_data: {},
              },
            },
            201,
            'POST /api/collections/contents-list/',
          );
        },
      };
      for (const key of Object.keys(API_ENDPOINTS) as ApiEndpoint[]) {
        log(`${label}: ${API_ENDPOINTS[key]}`);
        result.api[key] = await attempt(key, async () => {
          const figure = await measure(await specs[key]());
          return { ...figure, ratio: figure.rps / bareRps };
        });
      }
    }

    if (!options.skip.has('logins')) {
      log(`${label}: collections list while ${options.loginsPerS} logins/s run`);
      result.underLogins = await attempt('logins', async () => {
        const s = need(seeded);
        const list = await checked(
          {
            ...load,
            warmupS: 0,
            url: `${base}${pathOf('collections.list')}?page_size=50`,
            token: s.library.access,
          },
          200,
          'GET /api/collections/list/',
        );
        return measureUnderLogins(list, {
          url: `${base}${pathOf('auth.login')}`,
          email: USERS.login,
          password: PASSWORD,
          ratePerS: options.loginsPerS,
        });
      });
    }

    if (!options.skip.has('scale')) {
      const scaleLoad = {
        connections: options.scaleConnections,
        durationS: options.scaleDurationS,
        warmupS: 1,
        cpuMs: server.cpuMs,
        databaseCpu: scratch?.backendCpu,
      };
      const routes: Record<ScaleQuery, (facts: SeedFacts) => string> = {
        contentsList: () => pathOf('contents.list'),
        contentsByTag: (facts) => `${pathOf('contents.list')}?tag=${facts.scaleTagId}`,
        tagsByName: () => `${pathOf('tags.list')}?name=${TAG_NAME_QUERY}`,
      };
      for (const key of Object.keys(SCALE_QUERIES) as ScaleQuery[]) {
        log(`${label}: scale: ${SCALE_QUERIES[key]}`);
        result.scale[key] = await attempt(key, async () => {
          const s = need(seeded);
          const spec = await checked(
            { ...scaleLoad, url: `${base}${routes[key](s.facts)}`, token: s.scale.access },
            200,
            `GET ${routes[key](s.facts)}`,
          );
          return measure(spec);
        });
      }
    }
    result.memory.afterApi = server.memory();
    log(`${label}: RSS after the API benchmark ${Math.round(result.memory.afterApi.rssMb)} MB`);
    await breakdown('after the API benchmark');
    for (const [name, outcome] of [
      ...Object.entries(result.api),
      ['underLogins', result.underLogins] as const,
    ]) {
      const figure =
        outcome && outcome.ok
          ? 'list' in outcome.value
            ? outcome.value.list
            : outcome.value
          : undefined;
      const failed = figure ? figure.non2xx + figure.errors : 0;
      if (figure && (failed > 0 || figure.errorsInWarmup > 0)) {
        result.problems.push(
          `${name}: ${failed} of ${figure.requests} requests failed (non-2xx ${figure.non2xx}, errors ${figure.errors}, errors during the warm-up ${figure.errorsInWarmup}, time-outs in the whole run ${figure.timeouts})`,
        );
      }
    }

    if (browserPart) await browserPart(server, seeded);
  } catch (error) {
    result.problems.push((error as Error).message.split('\n')[0] ?? 'failed');
    log(`${label}: ${(error as Error).message}`);
  } finally {
    await server?.stop();
    await scratch?.drop();
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return result;
}

/** A database whose api, logins and scale parts were all skipped (the search part may run). */
function skippedDatabase(kind: Kind): DatabaseResults {
  const skipped = { ok: false as const, error: 'skipped' };
  return {
    kind,
    label: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
    seedSeconds: 0,
    bare: skipped,
    api: {},
    underLogins: skipped,
    scale: {},
    memory: {},
    problems: [],
  };
}

function need(seeded: Outcome<Seeded>): Seeded {
  if (!seeded.ok) throw new Error(`no seeded data (${seeded.error.split('\n')[0]})`);
  return seeded.value;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      log(`${signal}: stopping what the bench started`);
      void runCleanups().then(() => process.exit(130));
    });
  }

  ensureBuilt(log);
  const bareLog = path.join(os.tmpdir(), `cw-bench-bare-${process.pid}.log`);
  // The baseline of the api part only.
  const bare = options.skip.has('api') ? null : await startBareServer(bareLog);

  let web: WebResults | null = null;
  const wantsBrowser = !options.skip.has('web') || !options.skip.has('editor');
  const browserPart = async (server: RunningProcess, seeded: Outcome<Seeded>) => {
    let browser: Browser | undefined;
    const skipped = { ok: false as const, error: 'skipped' };
    web = { landing: skipped, signedIn: skipped, editor: skipped };
    try {
      browser = await launchBrowser();
      // A fresh session: the seeding tokens may be minutes old by now.
      const session = seeded.ok
        ? await attempt('login', () => login(server.baseUrl, USERS.library, PASSWORD))
        : seeded;
      if (!options.skip.has('web')) {
        log('web: JS downloaded for the landing page and the first signed-in screen');
        const b = browser;
        web.landing = await attempt('landing JS', () => jsDownloadedFor(b, server.baseUrl, '/'));
        web.signedIn = await attempt('signed-in JS', async () => {
          if (!session.ok) throw new Error(session.error);
          const js = await jsDownloadedFor(b, server.baseUrl, '/dashboard', session.value);
          if (js.finalPath !== '/dashboard') throw new Error(`/dashboard led to ${js.finalPath}`);
          return js;
        });
      }
      if (!options.skip.has('editor')) {
        log(
          `editor: ${options.keystrokes} keystrokes into a ${options.words.toLocaleString('en-US')}-word script`,
        );
        const b = browser;
        web.editor = await attempt('editor', async () => {
          if (!session.ok) throw new Error(session.error);
          return measureEditor(b, server.baseUrl, session.value, {
            words: options.words,
            keystrokes: options.keystrokes,
          });
        });
      }
    } catch (error) {
      log(`browser: ${(error as Error).message}`);
      if (web.landing.ok === false && web.landing.error === 'skipped')
        web.landing = { ok: false, error: (error as Error).message };
    } finally {
      await browser?.close();
    }
  };

  const databases: DatabaseResults[] = [];
  try {
    for (const [index, kind] of options.dbs.entries()) {
      // The browser runs once, against the last server, while it is up.
      const last = index === options.dbs.length - 1;
      const browserHere = last && wantsBrowser;
      const others = (['api', 'logins', 'scale'] as const).some((part) => !options.skip.has(part));
      const db =
        others || browserHere
          ? await benchDatabase(kind, options, bare, browserHere ? browserPart : null)
          : skippedDatabase(kind);
      if (!options.skip.has('search')) {
        db.search = await benchSearch(kind, {
          durationS: options.scaleDurationS,
          warmupS: 1,
          size: options.searchSize[kind],
          saves: options.saves,
          logLevel: options.logLevel,
          log,
        });
      }
      databases.push(db);
    }
  } finally {
    await bare?.stop();
    fs.rmSync(bareLog, { force: true });
    await runCleanups();
  }

  // The benches that also run alone, after everything above has stopped: each on a quiet machine.
  const parts: ScriptPartResult[] = [];
  for (const part of SCRIPT_PARTS) {
    if (options.skip.has(part)) continue;
    parts.push(
      await runScriptPart(part, {
        quick: options.quick,
        dbs: options.dbs,
        logLevel: options.logLevel,
        log,
      }),
    );
  }

  const cpus = os.cpus();
  const partial: Omit<Results, 'checks'> = {
    date: new Date().toISOString(),
    mode: options.quick ? 'quick' : 'full',
    machine: {
      cores: cpus.length,
      cpu: cpus[0]?.model.trim() ?? 'unknown',
      node: process.versions.node,
      platform: `${os.platform()} ${os.release()}`,
      totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
    },
    settings: {
      connections: options.connections,
      durationS: options.durationS,
      warmupS: options.warmupS,
      scaleConnections: options.scaleConnections,
      scaleDurationS: options.scaleDurationS,
      loginsPerS: options.loginsPerS,
      serverLogLevel: options.logLevel,
      seed: SEED,
      searchSize: {
        postgres: options.searchSize.postgres.fraction,
        postgresOthers: options.searchSize.postgres.others,
        pglite: options.searchSize.pglite.fraction,
        pgliteOthers: options.searchSize.pglite.others,
      },
    },
    databases,
    web,
    parts,
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
  };
  const results: Results = { ...partial, checks: checksFor(partial) };
  // Only a full run of everything replaces the record; quick or partial runs go beside it.
  const partialRun = options.quick || options.dbs.length < 2 || [...options.skip].some(Boolean);
  const out = path.join(benchDir, partialRun ? 'results-partial.json' : 'results.json');
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  // The README's table follows the record (src/readme-table.ts).
  if (!partialRun) await refreshReadme(log);
  process.stdout.write(
    `\n${renderTables(results)}\n\nWritten to ${path.relative(process.cwd(), out)} in ${results.elapsedSeconds} s.\n`,
  );
}

main().catch(async (error: unknown) => {
  process.stderr.write(`bench: ${(error as Error).stack ?? String(error)}\n`);
  await runCleanups();
  // A benchmark never fails a build: report and end normally.
  process.exit(0);
});
