// Child processes the bench starts on loopback (the production server, the bare baseline),
// and the clean-up that stops them whatever way the run ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { benchDir } from './paths';
import { npmStartFlags, serverEntry } from './build';
import { pathOf } from '@cw/contract/routes';

export interface Memory {
  /** Resident set size now, MB. */
  rssMb: number;
  /** Highest resident set size since the process started (VmHWM), MB. */
  peakMb: number;
}

export interface RunningProcess {
  pid: number;
  port: number;
  baseUrl: string;
  logFile: string;
  memory(): Memory;
  /** CPU time (user + system) the process has used so far, ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/* ---- clean-up on every way out ---- */
const cleanups = new Set<() => Promise<void> | void>();

export function onCleanup(task: () => Promise<void> | void): () => void {
  cleanups.add(task);
  return () => cleanups.delete(task);
}

export async function runCleanups(): Promise<void> {
  const tasks = [...cleanups].reverse();
  cleanups.clear();
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      process.stderr.write(`bench: clean-up step failed: ${(error as Error).message}\n`);
    }
  }
}

/** A port free right now on loopback (the OS picks it; released before the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM from /proc (Linux); zeros where /proc is not available. */
export function readMemory(pid: number): Memory {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: 0, peakMb: 0 };
  }
}

/** utime + stime from /proc/<pid>/stat, in ms (Linux); 0 where /proc is not available. */
export function readCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
/** USER_HZ: 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitUntilReady(
  child: ChildProcess,
  url: string,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const started = Date.now();
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() - started < timeoutMs) {
    if (exited !== null) {
      throw new Error(`the process exited (code ${exited}) before answering:\n${tail(logFile)}`);
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url} after ${timeoutMs / 1000} s:\n${tail(logFile)}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

async function launch(
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  readyPath: string,
  port: number,
  timeoutMs: number,
): Promise<RunningProcess> {
  // The child writes its log straight into a file: piping it through this process would cost
  // the bench CPU that the server under test needs.
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const stop = stopper(child);
  const forget = onCleanup(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, `${baseUrl}${readyPath}`, logFile, timeoutMs);
  } catch (error) {
    await stop();
    forget();
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    pid,
    port,
    baseUrl,
    logFile,
    memory: () => readMemory(pid),
    cpuMs: () => readCpuMs(pid),
    stop: async () => {
      await stop();
      forget();
    },
  };
}

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL address; undefined runs the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  logLevel: string;
  logFile: string;
  /** Extra node flags (e.g. --cpu-prof when looking for where a figure comes from). */
  nodeArgs?: string[];
  /** The node flags of the server itself; default: those `npm start` uses. */
  startFlags?: string[];
  /** Extra environment variables (diagnostics such as src/memory-probe.mjs). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The production build (server/dist/main.js) with the node flags of `npm start`, configured
 * only through its environment.
 */
export async function startServer(options: ServerOptions): Promise<RunningProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    SMTP_URL: '',
    JWT_SECRET: options.jwtSecret,
    LOG_LEVEL: options.logLevel,
    TRUST_PROXY: '',
    ...options.env,
  };
  // The first start of the embedded mode runs initdb and every migration: allow time.
  return launch(
    [...(options.startFlags ?? npmStartFlags()), ...(options.nodeArgs ?? []), serverEntry],
    env,
    options.logFile,
    pathOf('system.health'),
    port,
    120_000,
  );
}

/**
 * The production build on embedded PGlite in a fresh temporary DATA_DIR (`cw-bench-NAME-…`),
 * warnings only, logging to `server.log` in it; stopped and removed at clean-up.
 */
export async function startEmbeddedServer(
  name: string,
): Promise<{ server: RunningProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cw-bench-${name}-`));
  onCleanup(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: 'warn',
    logFile: path.join(dataDir, 'server.log'),
  });
  onCleanup(() => server.stop());
  return { server, dataDir };
}

/** The baseline: a bare Fastify JSON route in a process of its own. */
export async function startBareServer(logFile: string): Promise<RunningProcess> {
  const port = await freePort();
  const script = path.join(benchDir, 'src', 'bare-server.ts');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  return launch(['--import', 'tsx', script], env, logFile, '/bare', port, 30_000);
}

/**
 * A floor (src/floor-server.ts): the product's SQL through the bare driver, on
 * PostgreSQL (`databaseUrl`) or on the embedded data directory of a stopped server (`pgliteDir`).
 */
export async function startFloorServer(
  logFile: string,
  target: { databaseUrl: string } | { pgliteDir: string },
  nodeArgs: string[] = [],
): Promise<RunningProcess> {
  const port = await freePort();
  const script = path.join(benchDir, 'src', 'floor-server.ts');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    ...('databaseUrl' in target
      ? { FLOOR_DATABASE_URL: target.databaseUrl }
      : { FLOOR_PGLITE_DIR: target.pgliteDir }),
  };
  return launch(
    [...nodeArgs, '--import', 'tsx', script],
    env,
    logFile,
    '/floor/health',
    port,
    60_000,
  );
}

/**
 * Waits until the processes measured are idle: `cpuMs` (a server's CPU time) and, when given,
 * PostgreSQL's backends use under 10 % of a core over half a second. A route whose requests hit
 * autocannon's time-out leaves the server answering them after its run ends, and that work would
 * be counted against the next route. Answers false when still busy after `maxMs`.
 */
export async function settle(
  maxMs: number,
  cpuMs: () => number,
  databaseCpu?: () => Promise<Map<number, number>>,
): Promise<boolean> {
  const total = async () => {
    let used = cpuMs();
    if (databaseCpu) for (const ms of (await databaseCpu()).values()) used += ms;
    return used;
  };
  const deadline = Date.now() + maxMs;
  let before = await total();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await total();
    if (now - before < 50) return true;
    before = now;
  }
  return false;
}

/**
 * Runs a bench script's `main`: stopped (by `npm run bench`, or Ctrl-C), its servers and data
 * directories go too; a failure is logged with its stack (and its cause) and sets the exit code.
 * `exit`: end the process once cleaned up (clients that would keep it alive).
 */
export function runBench(
  name: string,
  main: () => Promise<void>,
  log: (line: string) => void,
  options: { exit?: boolean } = {},
): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void runCleanups().then(() => process.exit(130)));
  }
  main()
    .catch((error: unknown) => {
      process.exitCode = 1;
      const cause = (error as { cause?: unknown } | null)?.cause;
      log(
        `${name} bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` +
          (cause === undefined ? '' : ` (cause: ${String(cause)})`),
      );
    })
    .finally(() => void runCleanups().then(() => (options.exit ? process.exit() : undefined)));
}
