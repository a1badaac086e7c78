import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ContentItem } from '@cw/contract';
import { collabUrl, openDocument, until, type Client } from './collab-support';
import {
  freePort,
  killIfRunning,
  READY,
  startServer,
  temporaryDir,
  type RunningProcess,
} from './embedded-support';

/**
 * kill -9 in the middle of typing loses no acknowledged update (docs/api.md, "Writing
 * together"): the real server process, a provider typing small inserts (each a marker), the
 * text noted whenever the server had acknowledged everything, SIGKILL while typing goes on, a
 * restart, and the document reopened. On the embedded database in DATA_DIR; with
 * TEST_DATABASE_URL, on a new PostgreSQL database (DATABASE_URL) instead.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const dataDir = temporaryDir('collab-crash');
const SECRET = 'collab-crash-secret-'.padEnd(48, 'c');
let server: RunningProcess | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
const clients: Client[] = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  killIfRunning(server);
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function createDatabase(admin: string) {
  const name = `cw_collab_crash_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: admin });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function start(): Promise<string> {
  server = startServer({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    JWT_SECRET: SECRET,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const [, url] = await server.waitFor(READY, 90_000);
  return url as string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const post = (url: string, body: object, access?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** A verified account on the running server (its code read from the dev mailbox): its token. */
async function signUp(base: string, email: string, password: string): Promise<string> {
  const mailDir = path.join(dataDir, 'mail');
  const mailsBefore = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0;
  const registered = await post(`${base}/api/auth/register/`, {
    first_name: 'Kill',
    last_name: 'Nine',
    email,
    password,
  });
  expect(registered.status).toBe(201);
  let code: string | undefined;
  await until(
    () => {
      const names = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort() : [];
      const mail = names.length > mailsBefore ? names.at(-1) : undefined;
      if (mail) code = /\b(\d{6})\b/.exec(fs.readFileSync(path.join(mailDir, mail), 'utf8'))?.[1];
      return code !== undefined;
    },
    'the verification mail',
    20_000,
  );
  const verified = await post(`${base}/api/auth/verify-otp/`, { email, otp: code });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { token: { access: string } }).token.access;
}

async function itemText(base: string, id: number, access: string): Promise<string> {
  const res = await fetch(`${base}/api/collections/contents-list/${id}/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as ContentItem).content;
}

describe('live editing under kill -9', { timeout: 240_000 }, () => {
  it('keeps every acknowledged insert, and the item’s text follows the document within 2 s of reopening', async () => {
    if (adminUrl) database = await createDatabase(adminUrl);
    let base = await start();
    const email = `typist-${randomBytes(4).toString('hex')}@example.com`;
    const access = await signUp(base, email, 'kill-nine-password');
    const created = await post(
      `${base}/api/collections/contents-list/`,
      { title: 'Typed live', content: 'Start.' },
      access,
    );
    expect(created.status).toBe(201);
    const item = (await created.json()) as ContentItem;

    const typist = openDocument(collabUrl(base), item.id, access);
    clients.push(typist);
    await typist.synced;
    // Small inserts, one marker each; the text is noted whenever all of them were acknowledged.
    let acknowledged = '';
    let acknowledgedMarks = 0;
    let typed = 0;
    const type = () => {
      typist.text.insert(typist.text.length, ` m${typed}.`);
      typed += 1;
    };
    const note = () => {
      if (!typist.provider.hasUnsyncedChanges) {
        acknowledged = typist.text.toString();
        acknowledgedMarks = typed;
      }
    };
    while (typed < 300) {
      type();
      await sleep(typed % 3 === 0 ? 5 : 0);
      note();
    }
    await typist.saved();
    note();
    expect(acknowledgedMarks).toBe(300);
    // Keep typing, and kill the server in the middle of it.
    const killAt = typed + 40;
    while (typed < killAt) {
      type();
      note();
      if (typed === killAt - 20) server!.child.kill('SIGKILL');
      await sleep(1);
    }
    expect(await server!.exited).toBe('SIGKILL');
    typist.destroy();
    expect(acknowledged.length).toBeGreaterThan(0);

    base = await start();
    const reader = openDocument(collabUrl(base), item.id, access);
    clients.push(reader);
    await reader.synced;
    const reopened = Date.now();
    const text = reader.text.toString();
    // Every acknowledged insert is there, in order: the inserts went to the end of the text.
    expect(text.startsWith(acknowledged), `${acknowledgedMarks} acknowledged inserts`).toBe(true);
    for (let mark = 0; mark < acknowledgedMarks; mark++) expect(text).toContain(` m${mark}.`);
    // The item's text follows the document.
    let stored = '';
    while (stored !== text && Date.now() - reopened < 5000) {
      stored = await itemText(base, item.id, access);
      if (stored !== text) await sleep(50);
    }
    expect(stored).toBe(text);
    expect(Date.now() - reopened).toBeLessThan(2000);
    console.log(
      `typed ${typed}, acknowledged ${acknowledgedMarks} before the kill, reopened with ` +
        `${text.split(' m').length - 1}; text followed in ${Date.now() - reopened} ms`,
    );
  });
});
