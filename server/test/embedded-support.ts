import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Helpers for the tests that run the real server process (src/main.ts through tsx), the way
 * `npm start` runs it, on a temporary DATA_DIR.
 */

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function temporaryDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `cw-${label}-`));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves when `pattern` appears on stdout; rejects if the process ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/** Runs a TypeScript entry point of the server package with tsx, with only the given env. */
export function runScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): RunningProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let ended = false;
  void exited.then(() => (ended = true));

  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const started = Date.now();
      const look = () => {
        const match = out.match(pattern);
        if (match) return resolve(match);
        if (ended) {
          return reject(new Error(`process ended before ${pattern}: ${err || out.slice(-2000)}`));
        }
        if (Date.now() - started > timeoutMs) {
          return reject(new Error(`timed out waiting for ${pattern}: ${err || out.slice(-2000)}`));
        }
        setTimeout(look, 25);
      };
      look();
    });

  return { child, stdout: () => out, stderr: () => err, exited, waitFor };
}

export function startServer(env: Record<string, string>): RunningProcess {
  return runScript('src/main.ts', env);
}

export const READY = /Creator Workspace is ready on (http:\/\/[^\s"]+)/;

/** The non-empty lines a process wrote to stderr. */
export function stderrLines(processRun: RunningProcess): string[] {
  return processRun
    .stderr()
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** Every entry under `dir` with its size and modification time, to prove nothing changed. */
export function snapshotTree(dir: string): Record<string, string> {
  const root = fs.statSync(dir);
  const result: Record<string, string> = { '.': `${root.size}:${root.mtimeMs}` };
  const visit = (current: string) => {
    for (const name of fs.readdirSync(current)) {
      const full = path.join(current, name);
      const stat = fs.statSync(full);
      result[path.relative(dir, full)] = `${stat.size}:${stat.mtimeMs}`;
      if (stat.isDirectory()) visit(full);
    }
  };
  visit(dir);
  return result;
}

/** Ends a test's process if it still runs (a failed assertion must not leave it behind). */
export function killIfRunning(processRun: RunningProcess | undefined) {
  if (processRun && processRun.child.exitCode === null && processRun.child.signalCode === null) {
    processRun.child.kill('SIGKILL');
  }
}
