import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedDatabase } from '../src/db/embedded';
import { users } from '../src/db/schema';
import { acquireDataDirLock } from '../src/runtime/data-dir-lock';
import {
  freePort,
  killIfRunning,
  READY,
  runScript,
  serverDir,
  startServer,
  stderrLines,
  temporaryDir,
  type RunningProcess,
} from './embedded-support';

/**
 * `npm run backup` and `npm run restore`: a backup of a stopped server's DATA_DIR, restored
 * into a new directory, starts a server that has the same data, files and secret.
 */

const scratch = temporaryDir('backup');
const original = path.join(scratch, 'original');
const restored = path.join(scratch, 'restored');
const backups = path.join(scratch, 'backups');
const running: RunningProcess[] = [];

afterEach(() => running.splice(0).forEach(killIfRunning));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Runs a root npm script the way a person would (`npm run backup -- ARG`) from the repo root. */
function npmRun(script: string, arg: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', arg], {
      cwd: path.join(serverDir, '..'),
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Opens a stopped DATA_DIR's database the way the server does. */
async function use<T>(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openEmbeddedDatabase>>['db']) => Promise<T>,
): Promise<T> {
  const lock = acquireDataDirLock(dataDir, 'test');
  const database = await openEmbeddedDatabase(dataDir);
  try {
    return await work(database.db);
  } finally {
    await database.close();
    lock.release();
  }
}

describe('backup and restore', { timeout: 180_000 }, () => {
  it('backs up a stopped server, refuses while it runs, and restores into an empty DATA_DIR only', async () => {
    // A server creates the database and the secret; while it runs, no backup is taken.
    const server = startServer({ DATA_DIR: original, PORT: String(await freePort()) });
    running.push(server);
    await server.waitFor(READY, 90_000);
    const refused = runScript('src/ops/backup.ts', { DATA_DIR: original }, [backups]);
    expect(await refused.exited).toBe(1);
    expect(stderrLines(refused)).toEqual([
      expect.stringMatching(
        /^creator-workspace backup: DATA_DIR .* is in use by .*backup runs only while the server is stopped\.$/,
      ),
    ]);
    expect(fs.existsSync(backups)).toBe(false);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Some data: a row in the database and an uploaded file.
    await use(original, (db) =>
      db.insert(users).values({
        email: 'kept@example.test',
        firstName: 'Kept',
        lastName: 'Safe',
        passwordHash: 'x'.repeat(97),
      }),
    );
    fs.mkdirSync(path.join(original, 'files', '1'), { recursive: true });
    fs.writeFileSync(path.join(original, 'files', '1', 'notes.txt'), 'uploaded bytes');
    fs.mkdirSync(path.join(original, 'files', 'tmp'));
    fs.writeFileSync(path.join(original, 'files', 'tmp', 'half.part'), 'upload cut short');

    const backup = await npmRun('backup', backups, { DATA_DIR: original });
    expect(backup.code).toBe(0);
    const [archive] = fs.readdirSync(backups);
    expect(archive).toMatch(/^creator-workspace-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(backup.stdout).toContain(path.join(backups, archive as string));
    const archivePath = path.join(backups, archive as string);

    const restore = await npmRun('restore', archivePath, { DATA_DIR: restored });
    expect(restore.code).toBe(0);
    expect(fs.readdirSync(restored).sort()).toEqual(['db', 'files', 'secret']);
    expect(fs.readdirSync(path.join(restored, 'files'))).toEqual(['1']);

    const again = runScript('src/ops/restore.ts', { DATA_DIR: restored }, [archivePath]);
    expect(await again.exited).toBe(1);
    expect(stderrLines(again)).toEqual([
      expect.stringMatching(
        /^creator-workspace restore: DATA_DIR .*restored is not empty \(db, files, secret\); restore only into an empty directory\.$/,
      ),
    ]);

    // The restored directory runs a server, and holds the same data, files and secret.
    const port = await freePort();
    const second = startServer({ DATA_DIR: restored, PORT: String(port) });
    running.push(second);
    const [, url] = await second.waitFor(READY, 90_000);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const rows = await use(restored, (db) =>
      db.select().from(users).where(eq(users.email, 'kept@example.test')),
    );
    expect(rows).toHaveLength(1);
    expect(fs.readFileSync(path.join(restored, 'files', '1', 'notes.txt'), 'utf8')).toBe(
      'uploaded bytes',
    );
    expect(fs.readFileSync(path.join(restored, 'secret'), 'utf8')).toBe(
      fs.readFileSync(path.join(original, 'secret'), 'utf8'),
    );
  });

  it('refuses to restore something that is not a backup, leaving the DATA_DIR empty', async () => {
    const bogus = path.join(scratch, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not a tar archive');
    const target = path.join(scratch, 'bogus-target');
    const run = runScript('src/ops/restore.ts', { DATA_DIR: target }, [bogus]);
    expect(await run.exited).toBe(1);
    expect(stderrLines(run)).toEqual([
      expect.stringMatching(
        /^creator-workspace restore: .*bogus\.tar\.gz is not a readable backup archive/,
      ),
    ]);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('asks for the archive when none is given', async () => {
    const run = runScript('src/ops/restore.ts', { DATA_DIR: path.join(scratch, 'unused') });
    expect(await run.exited).toBe(1);
    expect(stderrLines(run)).toEqual([
      'creator-workspace restore: usage: npm run restore -- FILE (a backup .tar.gz)',
    ]);
  });
});
