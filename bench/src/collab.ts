// Live co-editing (docs/api.md, "Writing together"; decision 187), measured on loopback against
// the production build on a fresh PostgreSQL database:
//
//   latency    a keystroke in one client → applied in another: one instance (target p95 < 50 ms)
//              and across two instances through Redis (target p95 < 100 ms). One client types a
//              character every 50 ms, the other observes its Y.Text; both in this process, so
//              both timestamps come from one clock. Also the typing client's acknowledgement
//              (update stored, then acknowledged) as the breakdown.
//   editors    200 editors on 50 documents (4 each), 2 keystrokes/s each, one instance: every
//              keystroke a unique marker; at the end 0 lost (each marker in every client and in
//              the stored `content`), the server's CPU (/proc) and the p99 of apply latency.
//   memory     server RSS growth per open 10,000-word document (target < 2 MB): a fresh server,
//              N documents opened by one client each (and typed into), RSS before and after.
//   remote     the teleprompter's phone remote (decision 242): a command set in the phone's
//              presence → seen by the teleprompter's client, on one instance and across two
//              through Redis (target p95 < 150 ms, tap to scroll: the scroll follows in the same
//              frame). One command every 50 ms, both clients in this process.
//   scale      1,000 connections on 300 documents of 10 people across two instances through Redis,
//              one typist a document at 0.5 keystrokes/s for 30 s: apply latency (same and other
//              instance), each instance's RSS (idle, open, after typing) and CPU (src/collab-scale.ts).
//   converge   the convergence test (server/test/collab-convergence.test.ts) at bench size,
//              through vitest: COLLAB_OPS operations of 3 clients on two instances.
//
//   npm run bench:collab                     full size (about 4 minutes): bench/collab-results.json
//   npm run bench:collab -- --quick          small (about 1 minute): bench/results/tmp/
//   npm run bench:collab -- --parts=latency,memory   some parts only (latency, editors, memory, remote, scale, converge)
//   npm run bench:collab -- --results=<file>
//
// Needs PostgreSQL (BENCH_POSTGRES_URL, as the other benches) and Redis (BENCH_REDIS_URL, default
// redis://127.0.0.1:6379). The single-instance parts run without Redis, as one instance does.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type * as Y from 'yjs';
import { call, expectStatus, login, registerVerified, type Account } from './api';
import { benchArgs } from './args';
import { script } from './browser';
import { ensureBuilt } from './build';
import { newItem, openAll, openEditor, until, type Editor } from './collab-clients';
import { atScale, type ScaleSize } from './collab-scale';
import { summarize } from './load';
import { benchDir, repoRoot } from './paths';
import { adminUrl, createScratchDatabase, type ScratchDatabase } from './postgres';
import { onCleanup, startServer, type RunningProcess, runBench } from './processes';
import { isRecord, refreshReadme } from './readme-table';
import { pathOf } from '@cw/contract/routes';

const args = benchArgs();
const QUICK = args.flag('quick');
const ALL_PARTS = 'latency,editors,memory,remote,scale,converge';
const PARTS = new Set((args.get('parts') ?? ALL_PARTS).split(',').map((p) => p.trim()));
/** Diagnostic: node flags for the servers (`--server-node-args="--cpu-prof --cpu-prof-dir=…"`). */
const SERVER_NODE_ARGS = args.nodeArgs('server-node-args');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RESULTS = path.resolve(
  args.get('results') ??
    (QUICK || PARTS.size < ALL_PARTS.split(',').length
      ? path.join(benchDir, 'results', 'tmp', 'collab-results.json')
      : path.join(benchDir, 'collab-results.json')),
);
const SIZE = QUICK
  ? { keystrokes: 100, editors: 40, documents: 10, seconds: 10, memoryDocs: 10, ops: 600 }
  : { keystrokes: 400, editors: 200, documents: 50, seconds: 40, memoryDocs: 40, ops: 5000 };
/** The scale part: connections, documents, people, keystrokes/s of each document's typist, s. */
const SCALE: ScaleSize = QUICK
  ? { connections: 200, documents: 60, people: 4, rate: 0.5, seconds: 10 }
  : { connections: 1000, documents: 300, people: 10, rate: 0.5, seconds: 30 };
const PASSWORD = 'correct horse battery staple 1';
const log = (line: string) => process.stdout.write(`${line}\n`);
const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PING → PONG on the bench's Redis, or a clear error. */
async function requireRedis(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(port) || 6379, hostname);
    const fail = (why: string) => {
      socket.destroy();
      reject(new Error(`the collab bench needs Redis at ${url} (BENCH_REDIS_URL): ${why}`));
    };
    socket.setTimeout(2000, () => fail('no answer'));
    socket.once('error', (error) => fail(error.message));
    socket.once('data', (data) => {
      socket.end();
      if (String(data).startsWith('+PONG')) resolve();
      else fail(`PING answered ${String(data).trim()}`);
    });
    socket.write('PING\r\n');
  });
}

async function server(
  name: string,
  database: ScratchDatabase,
  redis: boolean,
): Promise<RunningProcess & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cw-bench-collab-${name}-`));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const running = await startServer({
    dataDir,
    databaseUrl: database.url,
    jwtSecret: JWT_SECRET,
    logLevel: 'warn',
    logFile: path.join(dataDir, 'server.log'),
    env: { REDIS_URL: redis ? REDIS_URL : '' },
    ...(SERVER_NODE_ARGS ? { nodeArgs: SERVER_NODE_ARGS } : {}),
  });
  onCleanup(() => running.stop());
  return { ...running, dataDir };
}
const JWT_SECRET = randomBytes(32).toString('hex');

const storedContent = async (baseUrl: string, token: string, id: number): Promise<string> =>
  (
    await expectStatus(
      call(baseUrl, 'GET', pathOf('contents.get', { id }), { token }),
      200,
      'GET item',
    )
  ).content as string;

/** Round trips of a Redis PING on a fresh connection, ms: the floor of one hop through Redis. */
async function redisPings(url: string, count: number): Promise<{ median: number; p95: number }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port) || 6379, hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      socket.once('data', () => resolve());
      socket.write('PING\r\n');
    });
    times.push(performance.now() - started);
    await sleep(5);
  }
  socket.end();
  const s = summarize(times);
  return { median: round(s.median), p95: round(s.p95) };
}

/* ---- latency: one client types, another observes ---- */

interface Latency {
  keystrokes: number;
  applied: { median: number; p95: number; p99: number; max: number };
  acknowledged: { median: number; p95: number; p99: number };
  target: string;
}

const WARM_UP = 20;
/** Keystroke i is the character U+4E00 + i: unique, one UTF-16 unit, found in any delta. */
const keyChar = (i: number) => String.fromCharCode(0x4e00 + i);

async function keystrokeLatency(
  writerUrl: string,
  readerUrl: string,
  token: string,
  target: string,
): Promise<Latency> {
  const id = await newItem(writerUrl, token, 'Latency: ');
  const writer = openEditor(writerUrl, id, token);
  const reader = openEditor(readerUrl, id, token);
  try {
    await Promise.all([writer.synced, reader.synced]);
    const sentAt: number[] = [];
    const applied: number[] = [];
    const acked: number[] = [];
    reader.text.observe((event: Y.YTextEvent) => {
      const now = performance.now();
      for (const op of event.delta) {
        if (typeof op.insert !== 'string') continue;
        for (const ch of op.insert) {
          const i = ch.charCodeAt(0) - 0x4e00;
          if (i >= WARM_UP && sentAt[i] !== undefined) applied.push(now - sentAt[i]);
        }
      }
    });
    let pendingSince: number | undefined;
    writer.provider.on('unsyncedChanges', ({ number }: { number: number }) => {
      if (number === 0 && pendingSince !== undefined) {
        acked.push(performance.now() - pendingSince);
        pendingSince = undefined;
      }
    });
    const total = SIZE.keystrokes + WARM_UP;
    for (let i = 0; i < total; i++) {
      sentAt[i] = performance.now();
      if (i >= WARM_UP) pendingSince ??= sentAt[i];
      writer.text.insert(writer.text.length, keyChar(i));
      await sleep(50);
    }
    await until(() => applied.length >= SIZE.keystrokes, 'every keystroke to arrive', 10_000);
    const a = summarize(applied);
    const k = summarize(acked);
    return {
      keystrokes: applied.length,
      applied: {
        median: round(a.median),
        p95: round(a.p95),
        p99: round(a.p99),
        max: round(Math.max(...applied)),
      },
      acknowledged: { median: round(k.median), p95: round(k.p95), p99: round(k.p99) },
      target,
    };
  } finally {
    writer.destroy();
    reader.destroy();
  }
}

/* ---- the teleprompter's remote ---- */

interface RemoteLatency {
  commands: number;
  applied: { median: number; p95: number; p99: number; max: number };
  target: string;
}

/** Commands from a phone's presence to the teleprompter's client on `remote:{user}:{key}`. */
async function remoteLatency(
  phoneUrl: string,
  prompterUrl: string,
  token: string,
  user: number,
): Promise<RemoteLatency> {
  const name = `remote:${user}:${randomBytes(16).toString('base64url')}`;
  const phone = openEditor(phoneUrl, name, token);
  const prompter = openEditor(prompterUrl, name, token);
  try {
    await Promise.all([phone.synced, prompter.synced]);
    const sentAt: number[] = [];
    const applied: number[] = [];
    prompter.provider.awareness!.on('change', () => {
      const now = performance.now();
      for (const [client, state] of prompter.provider.awareness!.getStates()) {
        const seq = (state.remote as { seq?: number } | undefined)?.seq;
        if (client === prompter.doc.clientID || seq === undefined) continue;
        if (seq >= WARM_UP && sentAt[seq] !== undefined && applied[seq - WARM_UP] === undefined) {
          applied[seq - WARM_UP] = now - sentAt[seq];
        }
      }
    });
    const total = SIZE.keystrokes + WARM_UP;
    for (let seq = 0; seq < total; seq++) {
      sentAt[seq] = performance.now();
      phone.provider.setAwarenessField('remote', { seq, command: { type: 'play' } });
      await sleep(50);
    }
    const seen = () => applied.filter((v) => v !== undefined).length;
    await until(() => seen() >= SIZE.keystrokes, 'every command to arrive', 10_000);
    const a = summarize(applied);
    return {
      commands: applied.length,
      applied: {
        median: round(a.median),
        p95: round(a.p95),
        p99: round(a.p99),
        max: round(Math.max(...applied)),
      },
      target: 'p95 < 150 ms',
    };
  } finally {
    phone.destroy();
    prompter.destroy();
  }
}

/** The id of the account `token` signs in. */
async function userIdOf(baseUrl: string, token: string): Promise<number> {
  const details = await expectStatus(
    call(baseUrl, 'GET', pathOf('auth.userDetails'), { token }),
    200,
    'user details',
  );
  return (details as { id: number }).id;
}

/* ---- 200 editors on 50 documents ---- */

interface EditorsResult {
  editors: number;
  documents: number;
  seconds: number;
  keystrokes: number;
  lostInClients: number;
  lostInStored: number;
  applyLatency: { median: number; p95: number; p99: number; samples: number };
  /** Median apply latency of the keystrokes typed in each 5 s of the run: a queue shows as a rise. */
  medianBy5s: number[];
  /** The bench database's backends sampled every 500 ms: how many were in each state/wait. */
  postgresWaits: Record<string, number>;
  serverCpu: { percentOfOneCore: number; msPerKeystroke: number };
  postgresCpu: { percentOfOneCore: number };
  benchClientsCpu: { percentOfOneCore: number };
  storedWithinMs: number;
}

async function manyEditors(
  app: RunningProcess,
  database: ScratchDatabase,
  token: string,
): Promise<EditorsResult> {
  const perDoc = SIZE.editors / SIZE.documents;
  const ids = await openAll(SIZE.documents, 10, () => newItem(app.baseUrl, token, 'Shared: '));
  const editors = await openAll(SIZE.editors, 20, async (i) => {
    const editor = openEditor(app.baseUrl, ids[Math.floor(i / perDoc)]!, token);
    await editor.synced;
    return editor;
  });
  log(`  ${editors.length} editors synced on ${ids.length} documents`);
  const sentAt = new Map<string, number>();
  let started = performance.now();
  const latencies: number[] = [];
  const byWindow: number[][] = [];
  const MARK = /\[(\d+)\.(\d+)\]/g;
  for (const editor of editors) {
    editor.text.observe((event: Y.YTextEvent) => {
      if (event.transaction.local) return;
      const now = performance.now();
      for (const op of event.delta) {
        if (typeof op.insert !== 'string') continue;
        for (const m of op.insert.matchAll(MARK)) {
          const at = sentAt.get(m[0]);
          if (at === undefined) continue;
          latencies.push(now - at);
          (byWindow[Math.floor((at - started) / 5000)] ??= []).push(now - at);
        }
      }
    });
  }
  const typed: string[][] = ids.map(() => []);
  const waits: Record<string, number> = {};
  const sampler = new pg.Client({ connectionString: adminUrl });
  await sampler.connect();
  const sampling = setInterval(() => {
    sampler
      .query<{ what: string; n: number }>(
        `select state || coalesce(' / ' || wait_event_type || ':' || wait_event, '') as what,
                count(*)::int as n
           from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by 1`,
        [database.name],
      )
      .then(({ rows }) => {
        for (const row of rows) waits[row.what] = (waits[row.what] ?? 0) + row.n;
      })
      .catch(() => undefined);
  }, 500);
  const cpuBefore = app.cpuMs();
  const pgBefore = await database.backendCpu();
  const clientBefore = process.cpuUsage();
  started = performance.now();
  const stopAt = started + SIZE.seconds * 1000;
  // Each editor types every 500 ms (2 keystrokes/s), phases spread over the first 500 ms.
  await Promise.all(
    editors.map(async (editor, e) => {
      await sleep(Math.random() * 500);
      for (let n = 0; performance.now() < stopAt; n++) {
        const marker = `[${e}.${n}]`;
        const text = editor.text.toString();
        // At the end, or just after a marker: a keystroke never lands inside another marker.
        const ends = [...text.matchAll(/\]/g)].map((m) => m.index + 1);
        const at =
          ends.length && Math.random() < 0.7
            ? ends[Math.floor(Math.random() * ends.length)]!
            : text.length;
        sentAt.set(marker, performance.now());
        editor.text.insert(at, marker);
        typed[Math.floor(e / perDoc)]!.push(marker);
        await sleep(500);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampling);
  await sampler.end();
  const cpuMs = app.cpuMs() - cpuBefore;
  const pgAfter = await database.backendCpu();
  let pgMs = 0;
  for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
  const client = process.cpuUsage(clientBefore);
  const keystrokes = typed.reduce((sum, list) => sum + list.length, 0);
  log(`  ${keystrokes} keystrokes in ${round(seconds)} s; waiting for every client and the DB`);

  await until(
    () => editors.every((editor) => !editor.provider.hasUnsyncedChanges),
    'every keystroke to be acknowledged',
    60_000,
  );
  const quiet = Date.now();
  let lostInClients = 0;
  await until(
    () => {
      lostInClients = 0;
      editors.forEach((editor, e) => {
        const text = editor.text.toString();
        for (const marker of typed[Math.floor(e / perDoc)]!)
          if (!text.includes(marker)) lostInClients++;
      });
      return lostInClients === 0;
    },
    'every client to hold every marker',
    30_000,
  ).catch((error: unknown) => log(`  ${(error as Error).message}`));
  let lostInStored = 0;
  let storedWithinMs = 0;
  for (const [d, id] of ids.entries()) {
    let content = await storedContent(app.baseUrl, token, id);
    const expected = editors[d * perDoc]!.text.toString();
    while (content !== expected && Date.now() - quiet < 30_000) {
      await sleep(100);
      content = await storedContent(app.baseUrl, token, id);
    }
    storedWithinMs = Math.max(storedWithinMs, Date.now() - quiet);
    for (const marker of typed[d]!) if (!content.includes(marker)) lostInStored++;
  }
  for (const editor of editors) editor.destroy();
  const l = summarize(latencies);
  return {
    editors: editors.length,
    documents: ids.length,
    seconds: round(seconds),
    keystrokes,
    lostInClients,
    lostInStored,
    applyLatency: {
      median: round(l.median),
      p95: round(l.p95),
      p99: round(l.p99),
      samples: latencies.length,
    },
    postgresWaits: waits,
    medianBy5s: byWindow.map((window) => round(summarize(window).median)),
    serverCpu: {
      percentOfOneCore: round((cpuMs / (seconds * 1000)) * 100),
      msPerKeystroke: Math.round((cpuMs / keystrokes) * 100) / 100,
    },
    postgresCpu: { percentOfOneCore: round((pgMs / (seconds * 1000)) * 100) },
    benchClientsCpu: {
      percentOfOneCore: round(((client.user + client.system) / 1000 / (seconds * 1000)) * 100),
    },
    storedWithinMs,
  };
}

/* ---- memory per open 10,000-word document ---- */

interface MemoryResult {
  documents: number;
  words: number;
  rssBeforeMb: number;
  rssHalfMb: number;
  rssAfterMb: number;
  /** (after − before) / documents: the target's figure. */
  perDocumentMb: number;
  /** The same over the second half only: without what the first documents warm up. */
  perDocumentSecondHalfMb: number;
  target: string;
}

async function memoryPerDocument(
  database: ScratchDatabase,
  account: Account,
): Promise<MemoryResult> {
  const app = await server('memory', database, false);
  try {
    const { access: token } = await login(app.baseUrl, account.email, PASSWORD);
    const text = script(10_000);
    const ids = await openAll(SIZE.memoryDocs, 4, () => newItem(app.baseUrl, token, text));
    // A warm-up document opened and closed: the code paths of opening are loaded before "before".
    const warm = openEditor(app.baseUrl, await newItem(app.baseUrl, token, text), token);
    await warm.synced;
    warm.destroy();
    await sleep(3000);
    const before = app.memory().rssMb;
    const editors: Editor[] = [];
    let half = 0;
    for (const [i, id] of ids.entries()) {
      const editor = openEditor(app.baseUrl, id, token);
      await editor.synced;
      // A few keystrokes each, as a document being written holds.
      for (let k = 0; k < 10; k++) editor.text.insert(Math.floor(editor.text.length / 2), `x${k}`);
      editors.push(editor);
      if (i + 1 === Math.floor(ids.length / 2)) {
        await until(() => editors.every((e) => !e.provider.hasUnsyncedChanges), 'saves');
        await sleep(3000);
        half = app.memory().rssMb;
      }
    }
    await until(() => editors.every((e) => !e.provider.hasUnsyncedChanges), 'saves');
    await sleep(3000);
    const after = app.memory().rssMb;
    for (const editor of editors) editor.destroy();
    return {
      documents: ids.length,
      words: 10_000,
      rssBeforeMb: round(before),
      rssHalfMb: round(half),
      rssAfterMb: round(after),
      perDocumentMb: Math.round(((after - before) / ids.length) * 100) / 100,
      perDocumentSecondHalfMb:
        Math.round(((after - half) / (ids.length - Math.floor(ids.length / 2))) * 100) / 100,
      target: '< 2 MB',
    };
  } finally {
    await app.stop();
  }
}

/* ---- the convergence test at bench size ---- */

interface ConvergeResult {
  ops: number;
  passed: boolean;
  seconds: number;
  summary: string;
}

async function convergence(): Promise<ConvergeResult> {
  const started = Date.now();
  const lines: string[] = [];
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--root', 'server', 'test/collab-convergence.test.ts'],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          TEST_DATABASE_URL: adminUrl,
          TEST_REDIS_URL: REDIS_URL,
          COLLAB_OPS: String(SIZE.ops),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
    }
    onCleanup(() => void child.kill('SIGTERM'));
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  const summary =
    lines.find((line) => line.startsWith('collab-convergence:')) ??
    lines
      .filter((line) => /Error|FAIL/.test(line))
      .slice(0, 5)
      .join(' | ');
  return {
    ops: SIZE.ops,
    passed: code === 0,
    seconds: Math.round((Date.now() - started) / 1000),
    summary,
  };
}

async function main() {
  ensureBuilt(log);
  await requireRedis(REDIS_URL);
  const database = await createScratchDatabase();
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    quick: QUICK,
    machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), loopback, Node ${process.version}, PostgreSQL`,
    loadAverage: os.loadavg().map(round),
  };
  const solo = await server('solo', database, false);
  const email = `collab-bench-${randomBytes(3).toString('hex')}@example.com`;
  const account = await registerVerified(
    solo.baseUrl,
    path.join(solo.dataDir, 'mail'),
    email,
    PASSWORD,
  );
  const token = account.access;

  if (PARTS.has('latency')) {
    log(`latency, one instance: ${SIZE.keystrokes} keystrokes every 50 ms...`);
    const one = await keystrokeLatency(solo.baseUrl, solo.baseUrl, token, 'p95 < 50 ms');
    log(
      `  applied p50 ${one.applied.median} ms, p95 ${one.applied.p95} ms (acknowledged p95 ${one.acknowledged.p95} ms)`,
    );
    results.latencyOneInstance = one;
  }
  if (PARTS.has('remote')) {
    log(`remote: ${SIZE.keystrokes} commands every 50 ms, one instance...`);
    const remote = await remoteLatency(
      solo.baseUrl,
      solo.baseUrl,
      token,
      await userIdOf(solo.baseUrl, token),
    );
    log(`  applied p50 ${remote.applied.median} ms, p95 ${remote.applied.p95} ms`);
    results.remoteOneInstance = remote;
  }
  if (PARTS.has('editors')) {
    log(
      `editors: ${SIZE.editors} on ${SIZE.documents} documents, 2 keystrokes/s, ${SIZE.seconds} s...`,
    );
    const many = await manyEditors(solo, database, token);
    log(`  ${JSON.stringify(many)}`);
    results.editors = many;
  }
  await solo.stop();

  if (PARTS.has('latency') || PARTS.has('remote')) {
    const a = await server('a', database, true);
    const b = await server('b', database, true);
    const { access } = await login(a.baseUrl, email, PASSWORD);
    if (PARTS.has('remote')) {
      log('remote, phone and teleprompter on two instances through Redis...');
      const user = await userIdOf(a.baseUrl, access);
      const remote = await remoteLatency(a.baseUrl, b.baseUrl, access, user);
      log(`  applied p50 ${remote.applied.median} ms, p95 ${remote.applied.p95} ms`);
      results.remoteTwoInstances = remote;
    }
    await a.stop();
    await b.stop();
  }
  if (PARTS.has('scale')) {
    log(
      `scale: ${SCALE.connections} connections on ${SCALE.documents} documents of ${SCALE.people} people, two instances (Redis), ${SCALE.rate} keys/s a document for ${SCALE.seconds} s...`,
    );
    const a = await server('scale-a', database, true);
    const b = await server('scale-b', database, true);
    const tag = randomBytes(3).toString('hex');
    const scale = await atScale(
      [a, b],
      SCALE,
      (p) => `collab-scale-${tag}-${p}@example.com`,
      PASSWORD,
      log,
    );
    log(`  ${JSON.stringify(scale)}`);
    results.scale = scale;
    await a.stop();
    await b.stop();
  }
  if (PARTS.has('latency')) {
    log('latency, two instances through Redis...');
    const a = await server('a', database, true);
    const b = await server('b', database, true);
    const { access } = await login(a.baseUrl, email, PASSWORD);
    const two = await keystrokeLatency(a.baseUrl, b.baseUrl, access, 'p95 < 100 ms');
    log(
      `  applied p50 ${two.applied.median} ms, p95 ${two.applied.p95} ms (acknowledged p95 ${two.acknowledged.p95} ms)`,
    );
    results.latencyTwoInstances = { ...two, redisPing: await redisPings(REDIS_URL, 200) };
    log(`  Redis PING round trip: ${JSON.stringify(results.latencyTwoInstances)}`);
    await a.stop();
    await b.stop();
  }
  if (PARTS.has('memory')) {
    log(`memory: ${SIZE.memoryDocs} open documents of 10,000 words...`);
    const memory = await memoryPerDocument(database, account);
    log(`  ${JSON.stringify(memory)}`);
    results.memory = memory;
  }
  await database.drop();
  if (PARTS.has('converge')) {
    log(`convergence: ${SIZE.ops} operations, 3 clients on two instances (vitest)...`);
    const converge = await convergence();
    log(`  ${converge.passed ? 'passed' : 'FAILED'} in ${converge.seconds} s: ${converge.summary}`);
    results.convergence = converge;
  }
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  log(`written: ${path.relative(repoRoot, RESULTS)}`);
  if (isRecord(RESULTS, 'collab')) await refreshReadme(log);
}

runBench('collab', main, log, { exit: true });
