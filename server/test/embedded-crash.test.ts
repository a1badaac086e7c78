import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../src/db/embedded';
import { acquireDataDirLock } from '../src/runtime/data-dir-lock';
import { killIfRunning, runScript, temporaryDir, type RunningProcess } from './embedded-support';

/**
 * kill -9 in the middle of a stream of multi-statement transactions on embedded PGlite, several
 * times over one DATA_DIR: after each restart every acknowledged write is there and no
 * transaction is half applied. Each transaction inserts a user (lastName 'pending'), then three
 * one-time codes, then sets lastName to 'complete'; a half-applied one would show as a user
 * without its three codes or still 'pending'.
 */

const KILLS = 4;
const dataDir = temporaryDir('crash');
let writer: RunningProcess | undefined;

afterEach(() => killIfRunning(writer));
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

describe('the embedded database under kill -9', { timeout: 180_000 }, () => {
  it('keeps every acknowledged write and never a half-applied transaction, kill after kill', async () => {
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

    // Open it the way the server does: take over the dead writer's lock, recover, migrate.
    const lock = acquireDataDirLock(dataDir, 'crash-test-check');
    const database = await openEmbeddedDatabase(dataDir);
    try {
      const result = await database.db.execute(sql`
        select u.email, u.last_name,
               (select count(*) from one_time_codes c where c.user_id = u.id)::int as codes
        from users u where u.email like '%@crash.test'`);
      const rows = (
        result as unknown as { rows: { email: string; last_name: string; codes: number }[] }
      ).rows;
      const stored = new Map(rows.map((row) => [row.email, row]));

      for (const email of acked) expect(stored.has(email), `${email} was acknowledged`).toBe(true);
      for (const row of rows) {
        expect(row, `${row.email} is whole`).toMatchObject({ last_name: 'complete', codes: 3 });
      }
      // At most the one transaction per round that committed just before its ACK was written.
      expect(rows.length).toBeGreaterThanOrEqual(acked.length);
      expect(rows.length).toBeLessThanOrEqual(acked.length + KILLS);
      for (const row of rows) expect(begun).toContain(row.email);
      const orphanCodes = await database.db.execute(
        sql`select count(*)::int as n from one_time_codes c where not exists (select 1 from users u where u.id = c.user_id)`,
      );
      expect((orphanCodes as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    } finally {
      await database.close();
      lock.release();
    }
  });
});
