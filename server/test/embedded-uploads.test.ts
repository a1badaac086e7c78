import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../src/app';
import {
  freePort,
  killIfRunning,
  READY,
  startServer,
  temporaryDir,
  type RunningProcess,
} from './embedded-support';

/**
 * Partial uploads pile up: the real server process, an upload cut off half-way by kill -9 or
 * by SIGTERM, and the next start. One DATA_DIR serves the file, so PGlite's initdb runs once.
 */

let dataDir: string;
let tmpDir: string;
const running: RunningProcess[] = [];

async function start(): Promise<{ server: RunningProcess; url: string }> {
  const server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  running.push(server);
  const [, url] = await server.waitFor(READY, 90_000);
  return { server, url: url as string };
}

beforeAll(() => {
  dataDir = temporaryDir('uploads');
  tmpDir = path.join(dataDir, 'files', 'tmp');
});
afterEach(() => {
  running.splice(0).forEach(killIfRunning);
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const partFiles = () =>
  fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).filter((name) => name.endsWith('.part')) : [];

async function until<T>(look: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = look();
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let accountCount = 0;

/** A verified account on the running server; its code is read from the dev mailbox. */
async function signUp(url: string): Promise<string> {
  accountCount += 1;
  const email = `uploader${accountCount}@example.com`;
  const password = 'upload-password';
  const post = (call: string, body: object) =>
    fetch(`${url}/api/auth/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const mailDir = path.join(dataDir, 'mail');
  const mailsBefore = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0;
  expect(
    (await post('register/', { first_name: 'U', last_name: 'P', email, password })).status,
  ).toBe(201);
  // The mail goes out after the answer (the mail queue): wait until its file is there and whole.
  const code = await until(() => {
    const names = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort() : [];
    const mail = names.length > mailsBefore ? names.at(-1) : undefined;
    if (!mail) return undefined;
    return /\b(\d{6})\b/.exec(fs.readFileSync(path.join(mailDir, mail), 'utf8'))?.[1];
  }, 'the verification mail');
  const verified = await post('verify-otp/', { email, otp: code });
  return ((await verified.json()) as { token: { access: string } }).token.access;
}

/** An upload whose body stops after 64 KiB of a promised 4 MiB: the server writes a .part. */
function startUpload(url: string, access: string): net.Socket {
  const { hostname, port } = new URL(url);
  const boundary = 'cw-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/collections/files/ HTTP/1.1\r\nHost: localhost\r\n' +
      `Authorization: Bearer ${access}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${head.length + 4 * 1024 * 1024}\r\n\r\n`,
  );
  socket.write(Buffer.concat([head, Buffer.alloc(64 * 1024, 7)]));
  return socket;
}

/** Makes every .part file look last written longer ago than any request may take. */
function age(names: string[]) {
  const old = new Date(Date.now() - REQUEST_TIMEOUT_MS - 60_000);
  for (const name of names) fs.utimesSync(path.join(tmpDir, name), old, old);
}

describe('partial uploads pile up', { timeout: 300_000 }, () => {
  it('removes at start-up the .part file a kill -9 left in the middle of an upload, once older than the request timeout', async () => {
    const { server, url } = await start();
    const socket = startUpload(url, await signUp(url));
    const [left] = await until(() => (partFiles().length > 0 ? partFiles() : undefined), '.part');
    server.child.kill('SIGKILL');
    await server.exited;
    socket.destroy();
    expect(partFiles()).toEqual([left]);

    // One left by this kill, aged; one as fresh as an upload that could still be running.
    age([left as string]);
    fs.writeFileSync(path.join(tmpDir, `${'f'.repeat(32)}.999999.part`), 'fresh');

    const { server: next } = await start();
    expect(partFiles()).toEqual([`${'f'.repeat(32)}.999999.part`]);
    expect(next.stdout()).toMatch(/removed unfinished uploads of an earlier run/);
    fs.rmSync(path.join(tmpDir, `${'f'.repeat(32)}.999999.part`));
  });

  it('leaves no .part file for long after a SIGTERM in the middle of an upload', async () => {
    const { server, url } = await start();
    const socket = startUpload(url, await signUp(url));
    await until(() => (partFiles().length > 0 ? true : undefined), '.part');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    socket.destroy();
    // Whatever the stop left (a shutdown can end before the upload's clean-up runs), aged.
    age(partFiles());
    const { server: next } = await start();
    expect(partFiles()).toEqual([]);
    next.child.kill('SIGTERM');
    await next.exited;
  });
});
