import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS, openPglite, type DatabaseHandle } from './client';
import { LOCK_FILE_NAME } from '../runtime/data-dir-lock';

/**
 * The embedded database's place in DATA_DIR, and its first initialisation.
 *
 * PGlite's initdb writes hundreds of files over several seconds; a kill in the middle would
 * leave a directory that looks like a database and is not. So the first start builds the
 * database (initdb and every migration) in DATA_DIR/.db-init-<random>/ and renames it to
 * DATA_DIR/db only when complete. A rename within one directory is atomic: DATA_DIR/db is
 * either absent or a whole, migrated database. Leftovers of an interrupted first start are
 * deleted at the next one. Every function here expects the caller to hold the DATA_DIR lock.
 */

export const DB_DIR_NAME = 'db';
/** Temporary names this code (and the restore command) may leave behind after a kill. */
const LEFTOVER_PREFIXES = ['.db-init-', '.restore-', `${LOCK_FILE_NAME}.`];

export class EmbeddedDatabaseError extends Error {}

export const embeddedDbDir = (dataDir: string) => path.join(dataDir, DB_DIR_NAME);

/** Deletes what an interrupted first start, restore or lock take-over left in DATA_DIR. */
export function removeLeftovers(dataDir: string): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(dataDir)) {
    if (LEFTOVER_PREFIXES.some((prefix) => name.startsWith(prefix))) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** A directory PGlite (PostgreSQL) made always holds PG_VERSION. */
export function looksLikeDatabase(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Opens DATA_DIR/db, creating it atomically on the first start, and runs pending migrations
 * (drizzle runs them in one transaction, so a kill during a later migration rolls it back).
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  hooks: { onFirstInit?: (temporaryDir: string) => void } = {},
): Promise<DatabaseHandle> {
  removeLeftovers(dataDir);
  const dbDir = embeddedDbDir(dataDir);

  if (fs.existsSync(dbDir)) {
    if (!looksLikeDatabase(dbDir)) {
      // An empty directory (made by hand, or by an older version killed at its first start)
      // holds nothing to lose; anything else is not ours to delete.
      if (fs.readdirSync(dbDir).length > 0) {
        throw new EmbeddedDatabaseError(
          `${dbDir} exists but is not a database; move it away or restore a backup.`,
        );
      }
      fs.rmdirSync(dbDir);
    } else {
      return openPglite(dbDir);
    }
  }

  const temporary = path.join(dataDir, `.db-init-${randomBytes(6).toString('hex')}`);
  hooks.onFirstInit?.(temporary);
  const fresh = await openPglite(temporary); // initdb + every migration
  await fresh.close(); // checkpoints, so the renamed directory needs no recovery
  fsyncDirectory(temporary);
  fs.renameSync(temporary, dbDir);
  fsyncDirectory(dataDir);
  return openPglite(dbDir);
}

/** Opens an existing embedded database without migrating it, to checkpoint or check it. */
export async function checkpointDatabaseDir(dbDir: string): Promise<void> {
  const client = new PGlite(dbDir, { startParams: PGLITE_START_PARAMS });
  try {
    await client.waitReady;
    await client.query('CHECKPOINT');
  } finally {
    if (!client.closed) await client.close();
  }
}

/** Makes a rename or a new entry in `dir` durable (best effort: not every platform allows it). */
export function fsyncDirectory(dir: string) {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Windows cannot open a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
