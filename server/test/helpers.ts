import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { buildApp, type App, type AppDeps } from '../src/app';
import type { AuthLimits } from '../src/auth/rate-limit';
import { loadConfig, type Config } from '../src/config';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import type { JobQueue } from '../src/jobs/job-queue';
import type { MailQueue } from '../src/mail/mail-queue';
import type { MailMessage, Mailer } from '../src/mail/mailer';
import type { FileStorage } from '../src/storage/file-storage';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a brand-new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close), so runs and test
 * files never see each other's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openPglite();
  const name = `cw_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Mail goes to an in-memory outbox, so tests read the codes a user would read in their inbox. */
export class Outbox implements Mailer {
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage) {
    this.messages.push(message);
  }
  close() {}
  /** The newest message to an address. */
  last(to: string): MailMessage | undefined {
    return this.messages.filter((m) => m.to === to.toLowerCase()).at(-1);
  }
  /** The six-digit code in the newest message to an address. */
  lastCode(to: string): string {
    const code = /\b(\d{6})\b/.exec(this.last(to)?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
}

/** A mailer that sends each message to both: the outbox first, then `also`. */
const teeMailer = (outbox: Outbox, also: Mailer): Mailer => ({
  async send(message) {
    await outbox.send(message);
    await also.send(message);
  },
  close() {
    also.close();
  },
});

/**
 * The app's clock in tests: real time plus an offset that `advance` moves forward, so code
 * lifetimes, resend cool-downs and rate-limit windows can be tested without sleeping.
 * (Token `exp` is checked against the real clock by jose.)
 */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/** The server secret of every test app (tests that forge tokens derive keys from it). */
export const TEST_SECRET = 'test-secret-'.padEnd(48, 'x');

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  outbox: Outbox;
  config: Config;
  clock: TestClock;
  /** The app's code-mail queue: `await ctx.mailQueue.drain()` sends what calls queued. */
  mailQueue: MailQueue;
  /** The app's background jobs: `await ctx.jobs.runDue()` runs what is queued. */
  jobs: JobQueue;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Auth rate limits other than the contract's (e.g. a bench registering many users). */
  authLimits?: Partial<AuthLimits>;
  /** A built web app to serve at `/` (a folder holding index.html). */
  webDistDir?: string;
  /** The app's logger; none unless a test reads the log. */
  logger?: FastifyBaseLogger;
  /** Where uploaded bytes go; DATA_DIR/files unless given (e.g. an S3 bucket). */
  fileStorage?: FileStorage;
  /** Every mail also goes here (a real SMTP mailer), besides the outbox. */
  alsoMailTo?: Mailer;
  /** The follow form's limits and the follower mails' batches (decision 247). */
  followLimits?: AppDeps['followLimits'];
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const outbox = new Outbox();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: `/tmp/cw-test-${process.pid}-${randomBytes(4).toString('hex')}`,
    }),
    ...overrides,
  };
  const clock = new TestClock();
  // Every answer of every test must be exactly its schema (decision 178): a field a presenter
  // adds that the schema does not name is stripped at a cost, and fails the test's app here.
  const copiedByZod = new Set<string>();
  const app = await buildApp({
    config,
    database,
    mailer: options.alsoMailTo ? teeMailer(outbox, options.alsoMailTo) : outbox,
    secret: TEST_SECRET,
    now: clock.now,
    ...(options.authLimits ? { authLimits: options.authLimits } : {}),
    ...(options.followLimits ? { followLimits: options.followLimits } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.logger ? { loggerInstance: options.logger } : {}),
    ...(options.fileStorage ? { fileStorage: options.fileStorage } : {}),
    onAnswerCopiedByZod: (route) => copiedByZod.add(route),
  });
  await app.ready();
  return {
    app,
    database,
    outbox,
    config,
    clock,
    mailQueue: app.mailQueue,
    jobs: app.jobs,
    close: async () => {
      await app.close();
      await database.close();
      if (copiedByZod.size > 0) {
        throw new Error(
          `answers carried fields their schema does not name (decision 178): ${[...copiedByZod].join(', ')}`,
        );
      }
    },
  };
}
