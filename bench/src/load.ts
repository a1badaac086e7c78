// Load generation: autocannon runs (throughput and latency), and the open-loop login driver
// that runs beside one of them.
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
  requests: number;
  /**
   * Answers outside 2xx, and errors (autocannon counts a time-out as an error too, and also
   * in `timeouts`): any of these makes the figure suspect.
   */
  non2xx: number;
  errors: number;
  timeouts: number;
  /**
   * Server CPU time per request, ms (user + system of the server process, not the database's).
   * Unlike req/s it hardly moves with what else runs on the machine.
   */
  cpuMsPerRequest: number | null;
  /** The same for the PostgreSQL backends serving the bench database; null on PGlite. */
  databaseCpuMsPerRequest: number | null;
}

function run(spec: LoadSpec, durationS: number): Promise<autocannon.Result> {
  const headers: Record<string, string> = {};
  if (spec.token) headers.authorization = `Bearer ${spec.token}`;
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  return autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers,
    body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
    connections: spec.connections,
    duration: durationS,
    timeout: 10,
  });
}

export async function measure(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupS > 0) await run(spec, spec.warmupS);
  const cpuBefore = spec.cpuMs?.();
  const databaseBefore = await spec.databaseCpu?.();
  const result = await run(spec, spec.durationS);
  const cpuAfter = spec.cpuMs?.();
  const databaseAfter = await spec.databaseCpu?.();
  let databaseCpuMsPerRequest: number | null = null;
  if (databaseBefore && databaseAfter && result.requests.total > 0) {
    // Backends that started during the run count whole; any that ended are missed (the pool
    // keeps its connections while busy, so that is rare).
    let used = 0;
    for (const [pid, ms] of databaseAfter) used += ms - (databaseBefore.get(pid) ?? 0);
    databaseCpuMsPerRequest = used / result.requests.total;
  }
  return {
    databaseCpuMsPerRequest,
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
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
