// Load generation: autocannon runs (throughput and latency), and the open-loop login driver
// that runs beside one of them.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  token?: string;
  body?: unknown;
  connections: number;
  durationS: number;
  warmupS: number;
  /** The CPU clock of the process under test, to report its CPU time per request. */
  cpuMs?: () => number;
  /** CPU time per process of the database server (PostgreSQL backends), ms by pid. */
  databaseCpu?: () => Promise<Map<number, number>>;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** The rest of the latency distribution (ms), to tell a long tail from a slow middle. */
  p90: number;
  p97_5: number;
  max: number;
  /**
   * The slowest answer to a request sent during the warm-up (ms): the start of 50 new
   * connections, reported apart from the steady state the other figures describe.
   */
  startupMax: number;
  /** How long the warm-up lasted (s): `warmupS`, or until every connection had an answer. */
  warmupS: number;
  requests: number;
  /**
   * Answers outside 2xx, and errors (autocannon counts a time-out as an error too, and also
   * in `timeouts`): any of these makes the figure suspect.
   */
  non2xx: number;
  /** Errors (time-outs included) after the warm-up, and during it. */
  errors: number;
  errorsInWarmup: number;
  /** Time-outs of the whole run, warm-up included. */
  timeouts: number;
  /**
   * Server CPU time per request, ms (user + system of the server process, not the database's).
   * Unlike req/s it hardly moves with what else runs on the machine.
   */
  cpuMsPerRequest: number | null;
  /** The same for the PostgreSQL backends serving the bench database; null on PGlite. */
  databaseCpuMsPerRequest: number | null;
}

interface Answer {
  /** When the answer ended, ms since the run started. */
  end: number;
  latency: number;
  status: number;
}

/** The longest a warm-up waits, past `warmupS`, for every connection's first answer. */
const WARMUP_EXTRA_MAX_MS = 12_000;

/**
 * One autocannon run, every answer recorded, until `stop` is called (or `maxSeconds` pass);
 * `elapsed` reads the run's clock (ms since it started), the one answers are stamped with.
 * `onAnswer` sees each answer as it comes, with the connection (autocannon's client) that got it;
 * `errorsAt` holds when each error or time-out happened, ms since the run started.
 * BENCH_LATENCY_LOG=<file> also appends the answers to that file as `end-ms latency-ms` lines
 * (one block per run, headed by the URL).
 */
function run(
  spec: LoadSpec,
  maxSeconds: number,
  onStart: (stop: () => void, elapsed: () => number) => void,
  onAnswer: (client: unknown, answer: Answer) => void,
): Promise<{ result: autocannon.Result; answers: Answer[]; errorsAt: number[] }> {
  const headers: Record<string, string> = {};
  if (spec.token) headers.authorization = `Bearer ${spec.token}`;
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  const answers: Answer[] = [];
  const errorsAt: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method ?? 'GET',
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        connections: spec.connections,
        duration: maxSeconds,
        timeout: 10,
      },
      (error, result) => {
        const logFile = process.env.BENCH_LATENCY_LOG;
        if (logFile) {
          const lines = answers.map((a) => `${Math.round(a.end)} ${Math.round(a.latency)}`);
          fs.appendFileSync(logFile, `# ${spec.url}\n${lines.join('\n')}\n`);
        }
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ result, answers, errorsAt });
      },
    );
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    onStart(() => instance.stop(), elapsed);
    instance.on('response', (client, status, _bytes, latency) => {
      const answer = { end: elapsed(), latency, status };
      answers.push(answer);
      onAnswer(client, answer);
    });
    instance.on('reqError', () => errorsAt.push(elapsed()));
  });
}

/**
 * Warm-up and measurement are one run on the same connections (decision 078): the figures come
 * from the requests sent after the warm-up, on connections that are already open, as a server's
 * long-lived clients keep them. (Two runs opened 50 new connections at the start of the measured
 * one; on PGlite, whose one thread is saturated, 20–35 of their first requests waited up to 7 s,
 * app and floor alike, and that start, not the route, was the p99 of a 10 s run.) The warm-up
 * lasts `warmupS`, or longer, until every connection has had its first answer (at most 12 s
 * more, a little over autocannon's 10 s time-out): on PGlite the first answers of 50 new
 * connections can take 10 s, and a measurement that began before they came carried that start
 * and the time-outs it causes (bench/README.md, "Floors"). The slowest answer sent during the
 * warm-up is reported apart, as `startupMax`, and how long the warm-up lasted as `warmupS`.
 */
export async function measure(spec: LoadSpec): Promise<LoadResult> {
  const minWarmupMs = spec.warmupS * 1000;
  const durationMs = spec.durationS * 1000;
  let warmupMs: number | undefined;
  let cpuBefore: number | undefined;
  let databaseBefore: Promise<Map<number, number> | undefined> = Promise.resolve(undefined);
  const timers: NodeJS.Timeout[] = [];
  const answered = new Set<unknown>();
  let stopRun: () => void = () => undefined;
  let elapsed: () => number = () => 0;
  const endWarmup = () => {
    if (warmupMs !== undefined) return;
    warmupMs = elapsed();
    cpuBefore = spec.cpuMs?.();
    databaseBefore = spec.databaseCpu?.() ?? Promise.resolve(undefined);
    timers.push(setTimeout(stopRun, durationMs));
  };
  const { result, answers, errorsAt } = await run(
    spec,
    spec.warmupS + WARMUP_EXTRA_MAX_MS / 1000 + spec.durationS + 1,
    (stop, runClock) => {
      stopRun = stop;
      elapsed = runClock;
      if (minWarmupMs === 0) endWarmup();
      else {
        timers.push(
          setTimeout(() => {
            if (answered.size >= spec.connections) endWarmup();
          }, minWarmupMs),
          setTimeout(endWarmup, minWarmupMs + WARMUP_EXTRA_MAX_MS),
        );
      }
    },
    (client, answer) => {
      if (warmupMs !== undefined || answered.has(client)) return;
      answered.add(client);
      if (answered.size >= spec.connections && answer.end >= minWarmupMs) endWarmup();
    },
  );
  for (const timer of timers) clearTimeout(timer);
  const cpuAfter = spec.cpuMs?.();
  const databaseAfter = await spec.databaseCpu?.();
  const before = await databaseBefore;
  const boundary = warmupMs ?? Number.POSITIVE_INFINITY;
  const sentAfterWarmup = answers.filter((a) => a.end - a.latency >= boundary);
  const endedAfterWarmup = answers.filter((a) => a.end >= boundary).length;
  const latencies = sentAfterWarmup.map((a) => a.latency).sort((a, b) => a - b);
  // A loop, not Math.max(...): a fast route answers over 100,000 times in its warm-up, more
  // arguments than a call takes.
  let startupMax = 0;
  for (const a of answers) {
    if (a.end - a.latency < boundary) startupMax = Math.max(startupMax, a.latency);
  }
  let databaseCpuMsPerRequest: number | null = null;
  if (before && databaseAfter && endedAfterWarmup > 0) {
    // Backends that started during the run count whole; any that ended are missed (the pool
    // keeps its connections while busy, so that is rare).
    let used = 0;
    for (const [pid, ms] of databaseAfter) used += ms - (before.get(pid) ?? 0);
    databaseCpuMsPerRequest = used / endedAfterWarmup;
  }
  const errorsAfterWarmup = errorsAt.filter((at) => at >= boundary).length;
  return {
    databaseCpuMsPerRequest,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || endedAfterWarmup === 0
        ? null
        : (cpuAfter - cpuBefore) / endedAfterWarmup,
    rps: endedAfterWarmup / spec.durationS,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p97_5: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    startupMax,
    warmupS: (warmupMs ?? 0) / 1000,
    requests: endedAfterWarmup,
    non2xx: sentAfterWarmup.filter((a) => a.status < 200 || a.status >= 300).length,
    errors: errorsAfterWarmup,
    timeouts: result.timeouts,
    errorsInWarmup: errorsAt.length - errorsAfterWarmup,
  };
}

export interface LoginLoad {
  list: LoadResult;
  logins: { sent: number; ok: number; failed: number; p50: number; p99: number; ratePerS: number };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export function summarize(samples: number[]): { median: number; p95: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/**
 * Logins at a fixed rate (open loop: a slow answer does not slow the next login down, as with
 * real visitors) while autocannon measures `list`.
 */
export async function measureUnderLogins(
  list: LoadSpec,
  login: { url: string; email: string; password: string; ratePerS: number },
): Promise<LoginLoad> {
  const latencies: number[] = [];
  let sent = 0;
  let ok = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const fire = () => {
    sent += 1;
    const started = performance.now();
    const request = fetch(login.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: login.email, password: login.password }),
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (answer) => {
        await answer.arrayBuffer();
        latencies.push(performance.now() - started);
        if (answer.status === 200) ok += 1;
        else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  const timer = setInterval(fire, 1000 / login.ratePerS);
  let listResult: LoadResult;
  try {
    listResult = await measure({ ...list, warmupS: 0 });
  } finally {
    clearInterval(timer);
  }
  await Promise.all(inFlight);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    list: listResult,
    logins: {
      sent,
      ok,
      failed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ratePerS: sent / list.durationS,
    },
  };
}
