import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loggerOptions } from '../src/runtime/logger';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { users } from '../src/db/schema';
import { errorForLog } from '../src/http/log-serializers';
import { createMailer } from '../src/mail/mailer';
import { createTestDatabase, Outbox, TEST_SECRET } from './helpers';

/** Every line the app logged, as written (JSON), so nothing can hide in an object. */
class LogLines {
  readonly lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
  get text() {
    return this.lines.join('');
  }
}

let database: DatabaseHandle;
let app: App;
let log: LogLines;
let outbox: Outbox;
beforeAll(async () => {
  database = await createTestDatabase();
  log = new LogLines();
  outbox = new Outbox();
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: `/tmp/cw-test-${process.pid}-${randomBytes(4).toString('hex')}`,
    }),
    database,
    mailer: outbox,
    secret: TEST_SECRET,
    // debug: request lines are written at debug (one per request).
    loggerInstance: pino(loggerOptions('debug'), log),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function signedInAccess(): Promise<string> {
  const email = `log-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'log-password-1';
  const call = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/auth/${url}`, payload });
  await call('register/', { first_name: 'Log', last_name: 'Reader', email, password });
  await app.mailQueue.drain();
  await call('verify-otp/', { email, otp: outbox.lastCode(email) });
  const login = await call('login/', { email, password });
  return login.json<{ token: { access: string } }>().token.access;
}

describe('disk filled through the log: request logs', () => {
  it('never hold query strings, passwords or tokens', async () => {
    const access = await signedInAccess();
    const res = await app.inject({
      method: 'GET',
      url: '/api/collections/tags/?name=SECRET-QUERY-VALUE&page=1',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(res.statusCode).toBe(200);
    expect(log.text).toContain('/api/collections/tags/');
    expect(log.text).not.toContain('SECRET-QUERY-VALUE');
    expect(log.text).not.toContain('?name=');
    expect(log.text).not.toContain('log-password-1');
    expect(log.text).not.toContain(access);
    expect(log.text).not.toContain('$argon2id$');
  });
});

describe('download tickets (docs/auth.md, "Download tickets")', () => {
  it('never reach the log: not the link, not its download, not a refused one', async () => {
    const access = await signedInAccess();
    const link = await app.inject({
      method: 'POST',
      url: '/api/export/link/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(link.statusCode).toBe(200);
    const { url } = link.json<{ url: string }>();
    const ticket = decodeURIComponent(url.split('ticket=')[1] ?? '');
    expect(ticket.length).toBeGreaterThan(20);
    const before = log.lines.length;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: `${url}x` });
    expect(refused.statusCode).toBe(401);
    const lines = log.lines.slice(before).join('');
    // The requests were logged, by their path alone.
    expect(lines).toContain('"path":"/api/export/","status":200');
    expect(lines).toContain('"path":"/api/export/","status":401');
    expect(log.text).not.toContain('ticket=');
    for (const part of ticket.split('.')) expect(log.text).not.toContain(part);
  });
});

describe('disk filled through the log: database errors', () => {
  it('are logged by code and constraint only, never with the query or its parameters', async () => {
    const email = `dup-${randomBytes(4).toString('hex')}@example.com`;
    const row = { email, firstName: 'A', lastName: 'B', passwordHash: '$argon2id$HASH-VALUE' };
    await database.db.insert(users).values(row);
    const duplicate = await database.db
      .insert(users)
      .values(row)
      .then(
        () => null,
        (error: unknown) => error,
      );
    const invalid = await database.db.execute(sql`select ${'PARAM-VALUE'}::int`).then(
      () => null,
      (error: unknown) => error,
    );

    expect(errorForLog(duplicate)).toEqual({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'users_email_key',
    });
    expect(errorForLog(invalid)).toEqual({ type: 'DatabaseError', code: '22P02' });

    const lines = new LogLines();
    const logger = pino(loggerOptions('info'), lines);
    logger.error({ err: duplicate }, 'unhandled error');
    logger.error({ err: invalid }, 'unhandled error');
    for (const secret of [email, 'HASH-VALUE', 'PARAM-VALUE', 'insert into', 'select']) {
      expect(lines.text).not.toContain(secret);
    }
    expect(lines.text).toContain('"code":"23505"');
    expect(lines.text).toContain('"constraint":"users_email_key"');
  });

  it('leave the parameters of a failed request out of the log, the 500 included', async () => {
    const access = await signedInAccess();
    const broken = await createTestDatabase();
    const lines = new LogLines();
    const brokenApp = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: `/tmp/cw-test-broken-${process.pid}` }),
      database: broken,
      mailer: new Outbox(),
      secret: TEST_SECRET,
      loggerInstance: pino(loggerOptions('info'), lines),
    });
    await broken.close();
    const res = await brokenApp.inject({
      method: 'POST',
      url: '/api/collections/tags/',
      headers: { authorization: `Bearer ${access}` },
      payload: { name: `TAG-${'x'.repeat(40)}` },
    });
    await brokenApp.close();
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    expect(lines.text).toMatch(/"level":50/);
    expect(lines.text).not.toContain('TAG-');
    expect(lines.text).not.toMatch(/insert into/i);
  });
});

describe('disk filled through the log: the dev mailbox', () => {
  it('names the .eml file and never logs the one-time code', async () => {
    const lines = new LogLines();
    const mailDir = `/tmp/cw-test-mail-${process.pid}-${randomBytes(4).toString('hex')}`;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Creator Workspace <no-reply@localhost>',
      devMailDir: mailDir,
      logger: pino(loggerOptions('info'), lines),
    });
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your code',
      text: 'Your code is 493817.',
      html: '<p>Your code is 493817.</p>',
      devLogLine: 'code 493817',
    });
    mailer.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
    expect(lines.text).toContain(mailDir);
    expect(lines.text).not.toContain('493817');
  });
});
