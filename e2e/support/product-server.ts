import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { npmStartFlags } from '../../scripts/start-flags.mjs';
import { pathOf } from '@cw/contract/routes';

export interface ProductServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface ProductServerOptions {
  repoRoot: string;
  smtpUrl: string;
  /** Where the server's stdout and stderr go (kept as a CI artifact). */
  logFile: string;
  /** The first `npm start` of a clean clone builds web and server: allow for it. */
  startTimeoutMs: number;
}

/** A port nobody listens on right now (the kernel picks it; we release it for the server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Sends a signal to the launcher and everything it started (it runs in its own group). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || exited(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts the product exactly as `npm start` does — `node <its flags> scripts/start.mjs` from the
 * repository root, which builds whatever is stale and then runs server/dist/main.js — on a fresh temporary
 * DATA_DIR (embedded PGlite), a free port and the SMTP catcher, and waits for /api/health.
 */
export async function startProductServer(
  options: ProductServerOptions,
  dataDir: string,
): Promise<ProductServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, 'w');

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: options.smtpUrl,
  };
  // A fresh embedded database every run, whatever the caller's shell holds.
  delete env.DATABASE_URL;

  const child = spawn(process.execPath, [...npmStartFlags(options.repoRoot), 'scripts/start.mjs'], {
    cwd: options.repoRoot,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);

  const deadline = Date.now() + options.startTimeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(
        `The product server (node scripts/start.mjs) exited with ${child.exitCode ?? child.signalCode} ` +
          `before answering /api/health. Last lines of ${options.logFile}:\n${tail(options.logFile, 40)}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}${pathOf('system.health')}`);
      if (response.ok) break;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (Date.now() >= deadline) {
    signalGroup(child, 'SIGKILL');
    throw new Error(
      `The product server did not answer ${baseUrl}${pathOf('system.health')} within ${options.startTimeoutMs / 1000}s ` +
        `(${lastProblem}). Last lines of ${options.logFile}:\n${tail(options.logFile, 40)}`,
    );
  }

  return {
    baseUrl,
    dataDir,
    async stop() {
      if (exited(child)) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // SIGTERM: the server finishes requests in flight and closes the database cleanly.
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
