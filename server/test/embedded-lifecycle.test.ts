import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  killIfRunning,
  READY,
  snapshotTree,
  startServer,
  stderrLines,
  temporaryDir,
  type RunningProcess,
} from './embedded-support';

/**
 * The real server process on embedded PGlite: the DATA_DIR lock, the atomic first
 * initialisation and the graceful shutdown. One DATA_DIR serves the whole file, so PGlite's
 * initdb (several seconds) runs once.
 */

let dataDir: string;
const running: RunningProcess[] = [];

async function start(): Promise<{ server: RunningProcess; url: string }> {
  const port = await freePort();
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
  running.push(server);
  const [, url] = await server.waitFor(READY, 60_000);
  return { server, url: url as string };
}

beforeAll(() => {
  dataDir = temporaryDir('lifecycle');
});
afterEach(() => {
  running.splice(0).forEach(killIfRunning);
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A request whose body has not arrived yet: the server has begun it (routed it, waits to parse
 * its JSON body) and can answer only once `finish` sends the rest of the body. `started` resolves
 * when the server has taken the request in: it sends `Expect: 100-continue`, and Node answers
 * `100 Continue` as it hands the request to the app (a fixed sleep instead let a loaded machine
 * send the signal first, and the request then met a closing server's 503).
 */
function openSlowRequest(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    answer += chunk;
    if (answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
      socket.write('{"slow"');
      markStarted();
    }
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    'POST /api/no-such-route/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n' +
      'Content-Type: application/json\r\nContent-Length: 13\r\nExpect: 100-continue\r\n\r\n',
  );
  return {
    started,
    finish: () => socket.write(':true}'),
    /** The final answer, without the interim `100 Continue`. */
    answer: async () => {
      await closed;
      return answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    },
  };
}

// Each test starts real processes on a machine shared with other work: allow for slowness.
describe('the embedded server process', { timeout: 180_000 }, () => {
  it('initialises the database on its first start, refuses a second instance on the same DATA_DIR with one line and exit code 1, touching nothing', async () => {
    const { server: first, url } = await start();
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.db-init-'))).toEqual([]);
    const before = snapshotTree(dataDir);

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    running.push(second);
    expect(await second.exited).toBe(1);
    const lines = stderrLines(second);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR .* is in use by another Creator Workspace process/);
    expect(lines[0]).toContain(`pid ${first.child.pid}`);
    expect(snapshotTree(dataDir)).toEqual(before);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    // Killed outright, it leaves its lock behind.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(true);
  });

  it('starts again at once after a kill -9 by taking over the stale lock, and on SIGTERM finishes the request in flight, closes the database, releases the lock and exits 0', async () => {
    const { server, url } = await start();
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8')) as {
      pid: number;
    };
    expect(lock.pid).toBe(server.child.pid);
    const request = openSlowRequest(url);
    await request.started;
    server.child.kill('SIGTERM');
    await server.waitFor(/shutting down/);
    // Not accepting any more: a new connection is refused.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull(); // still waiting for the request to finish
    request.finish();
    expect(await request.answer()).toMatch(/^HTTP\/1\.1 404 Not Found[\s\S]*"code":"not_found"/);
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
    expect(server.stdout()).toMatch(/"msg":"stopped"/);
  });

  it('reports a port in use in one line, exit code 1, and leaves the lock free', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
      running.push(server);
      expect(await server.exited).toBe(1);
      expect(stderrLines(server)).toEqual([
        `creator-workspace: port ${port} on 127.0.0.1 is already in use.`,
      ]);
      expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('treats more signals while stopping as already handled, and still stops cleanly', async () => {
    const { server, url } = await start();
    const request = openSlowRequest(url);
    await request.started;
    server.child.kill('SIGINT');
    await server.waitFor(/shutting down/);
    server.child.kill('SIGTERM');
    server.child.kill('SIGINT');
    await server.waitFor(/already shutting down/);
    request.finish();
    expect(await request.answer()).toMatch(/^HTTP\/1\.1 404 Not Found/);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toMatch(/"code":0,"msg":"stopped"/);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
  });

  it('leaves no half-made database when killed during its first start, and starts cleanly next time', async () => {
    const fresh = temporaryDir('first-start');
    try {
      const first = startServer({ DATA_DIR: fresh, PORT: String(await freePort()) });
      running.push(first);
      // Kill it while initdb is writing into the temporary directory.
      for (let i = 0; i < 600; i += 1) {
        const init = fs.readdirSync(fresh).find((name) => name.startsWith('.db-init-'));
        if (init && fs.existsSync(path.join(fresh, init, 'base'))) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      first.child.kill('SIGKILL');
      await first.exited;
      expect(fs.existsSync(path.join(fresh, 'db'))).toBe(false);
      expect(fs.readdirSync(fresh).some((name) => name.startsWith('.db-init-'))).toBe(true);

      const port = await freePort();
      const second = startServer({ DATA_DIR: fresh, PORT: String(port) });
      running.push(second);
      const [, url] = await second.waitFor(READY, 60_000);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect(fs.readdirSync(fresh).filter((name) => name.startsWith('.db-init-'))).toEqual([]);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
