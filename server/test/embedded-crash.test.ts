import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../src/db/embedded';
import { acquireDataDirLock } from '../src/runtime/data-dir-lock';
import {
  freePort,
  killIfRunning,
  READY,
  runScript,
  startServer,
  temporaryDir,
  type RunningProcess,
} from './embedded-support';

/**
 * kill -9 in the middle of a stream of multi-statement transactions on embedded PGlite, several
 * times over one DATA_DIR: after each restart every acknowledged write is there and no
 * transaction is half applied. Two sources of writes share the directory (one initdb):
 * - the real server, answering registrations (a user and its queued verification mail, one
 *   transaction; acknowledged by the 201; the mail queue's worker then adds the code);
 * - a writer process that opens the database the server's way and keeps transactions open
 *   across event-loop turns, so that every kill lands inside one: a user ('pending'), three
 *   one-time codes, then the user set to 'complete'.
 */

const KILLS = 3;
/** Fewer rounds through HTTP: each restart of the whole server and every argon2 hash cost CPU. */
const SERVER_KILLS = 2;
const ACKS_BEFORE_SERVER_KILL = 6;
const dataDir = temporaryDir('crash');
let writer: RunningProcess | undefined;
let server: RunningProcess | undefined;

afterEach(() => {
  killIfRunning(writer);
  killIfRunning(server);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lines(output: string, kind: 'BEGIN' | 'ACK'): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(`${kind} `))
    .map((line) => line.slice(kind.length + 1));
}

/** Runs the writer until it has committed at least `minimumAcks`, then kills it mid-transaction. */
async function writeThenKill(round: string, minimumAcks: number) {
  writer = runScript('test/embedded-crash-writer.ts', { DATA_DIR: dataDir, CRASH_ROUND: round });
  await writer.waitFor(/^READY$/m, 90_000);
  const deadline = Date.now() + 30_000;
  while (lines(writer.stdout(), 'ACK').length < minimumAcks) {
    if (Date.now() > deadline || writer.child.exitCode !== null) {
      throw new Error(`the writer stopped acknowledging: ${writer.stderr()}`);
    }
    await sleep(10);
  }
  // Kill while a transaction is open: its BEGIN line is the last one written.
  for (let i = 0; i < 200 && !/BEGIN \S+\n$/.test(writer.stdout()); i += 1) await sleep(1);
  writer.child.kill('SIGKILL');
  expect(await writer.exited).toBe('SIGKILL');
  return { begun: lines(writer.stdout(), 'BEGIN'), acked: lines(writer.stdout(), 'ACK') };
}

interface Row {
  email: string;
  last_name: string;
  codes: number;
  /** Verification mails still in the queue (decision 029). */
  queued: number;
}

/** Takes over the killed process's lock and opens the database the way the server does. */
async function storedUsers(domain: string): Promise<{ rows: Row[]; orphanCodes: number }> {
  const lock = acquireDataDirLock(dataDir, 'crash-test-check');
  const database = await openEmbeddedDatabase(dataDir);
  try {
    const users = await database.db.execute(sql`
      select u.email, u.last_name,
             (select count(*) from one_time_codes c where c.user_id = u.id)::int as codes,
             (select count(*) from jobs q where q.kind = 'mail' and q.payload->>'recipient' = u.email)::int as queued
      from users u where u.email like ${`%@${domain}`}`);
    const orphans = await database.db.execute(
      sql`select count(*)::int as n from one_time_codes c
          where not exists (select 1 from users u where u.id = c.user_id)`,
    );
    return {
      rows: (users as unknown as { rows: Row[] }).rows,
      orphanCodes: (orphans as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1,
    };
  } finally {
    await database.close();
    lock.release();
  }
}

/** Registers accounts from a few concurrent clients until the server dies; returns the 201s. */
async function registerUntilKilled(url: string, round: number, killAfter: number) {
  const acknowledged: string[] = [];
  let sent = 0;
  let killed = false;
  const client = async (lane: number) => {
    for (let n = 0; ; n += 1) {
      const email = `r${round}-l${lane}-${n}@register.test`;
      sent += 1;
      try {
        const res = await fetch(`${url}/api/auth/register/`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // A client address per request, so the per-IP sending limit never answers 429.
            'x-forwarded-for': `198.51.100.${sent % 250}`,
          },
          body: JSON.stringify({
            first_name: 'Crash',
            last_name: 'Test',
            email,
            password: 'secret-pass',
          }),
        });
        if (res.status !== 201)
          throw new Error(`register answered ${res.status}: ${await res.text()}`);
        acknowledged.push(email);
      } catch (error) {
        if (!killed) throw error;
        return; // the server was killed under this request
      }
      if (acknowledged.length === killAfter) {
        // Let the other clients' requests get under way, then kill in the middle of them.
        setTimeout(
          () => {
            killed = true;
            server?.child.kill('SIGKILL');
          },
          5 + ((round * 7) % 20),
        );
      }
    }
  };
  await Promise.all([0, 1, 2].map(client));
  return acknowledged;
}

describe('the embedded database under kill -9', { timeout: 180_000 }, () => {
  it('keeps every acknowledged registration and never a user without its code or its queued mail when the real server is killed', async () => {
    const acked: string[] = [];
    for (let round = 1; round <= SERVER_KILLS; round += 1) {
      server = startServer({
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        TRUST_PROXY: '1',
      });
      const [, url] = await server.waitFor(READY, 90_000);
      acked.push(...(await registerUntilKilled(url as string, round, ACKS_BEFORE_SERVER_KILL)));
      expect(await server.exited).toBe('SIGKILL');
    }
    expect(acked.length).toBeGreaterThanOrEqual(SERVER_KILLS * ACKS_BEFORE_SERVER_KILL);

    const { rows, orphanCodes } = await storedUsers('register.test');
    const stored = new Set(rows.map((row) => row.email));
    for (const email of acked) expect(stored.has(email), `${email} was acknowledged`).toBe(true);
    for (const row of rows) {
      // The code is made when the queued mail goes out: a killed server leaves one or the other
      // (or both, or a second code, when killed between a mail and its row's removal).
      expect(row.codes + row.queued, `${row.email} has its code or queued mail`).toBeGreaterThan(0);
    }
    expect(orphanCodes).toBe(0);
  });

  it('keeps every acknowledged write and never a half-applied transaction when killed inside transactions', async () => {
    const acked: string[] = [];
    const begun: string[] = [];
    let killedMidTransaction = 0;
    for (let round = 1; round <= KILLS; round += 1) {
      const result = await writeThenKill(`r${round}`, 15);
      acked.push(...result.acked);
      begun.push(...result.begun);
      if (result.begun.length > result.acked.length) killedMidTransaction += 1;
    }
    expect(killedMidTransaction).toBeGreaterThan(0);

    const { rows, orphanCodes } = await storedUsers('crash.test');
    const stored = new Set(rows.map((row) => row.email));
    for (const email of acked) expect(stored.has(email), `${email} was acknowledged`).toBe(true);
    for (const row of rows) {
      expect(row, `${row.email} is whole`).toMatchObject({ last_name: 'complete', codes: 3 });
    }
    // At most the one transaction per round that committed just before its ACK was written.
    expect(rows.length).toBeGreaterThanOrEqual(acked.length);
    expect(rows.length).toBeLessThanOrEqual(acked.length + KILLS);
    for (const row of rows) expect(begun).toContain(row.email);
    expect(orphanCodes).toBe(0);
  });
});
