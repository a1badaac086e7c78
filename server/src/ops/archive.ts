import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import * as tar from 'tar';
import {
  checkpointDatabaseDir,
  DB_DIR_NAME,
  embeddedDbDir,
  fsyncDirectory,
  looksLikeDatabase,
} from '../db/embedded';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../runtime/data-dir-lock';
import { describeError } from '../runtime/startup';

/**
 * Backup and restore of DATA_DIR: the embedded database (db/), the uploaded files (files/) and
 * the generated secret (secret), in one .tar.gz. Both take the DATA_DIR lock, so they run only
 * while the server is stopped: a copy of PGlite's directory is consistent only when no process
 * writes it, and PGlite cannot be opened by two processes. See
 * docs/decisions/043-backup-with-the-server-stopped.md.
 */

/** What a backup holds, in the order a restore moves it into place (the database first). */
export const BACKED_UP_ENTRIES = [DB_DIR_NAME, 'files', 'secret'] as const;
const ARCHIVE_PREFIX = 'creator-workspace-backup-';

/** An expected failure; `message` is one line for the operator. */
export class OpsError extends Error {}

/** `2026-11-22T17:30:00.123Z` -> `creator-workspace-backup-2026-11-22T17-30-00Z.tar.gz` */
export function archiveName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `${ARCHIVE_PREFIX}${stamp}.tar.gz`;
}

export interface BackupOptions {
  dataDir: string;
  /** A directory to write the archive into, or a file path ending in .tar.gz. */
  destination: string;
  /** Whether the database is the embedded one (no DATABASE_URL). */
  embedded: boolean;
  now?: Date;
}

export interface BackupResult {
  archive: string;
  entries: string[];
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { dataDir } = options;
  if (!fs.existsSync(dataDir)) throw new OpsError(`DATA_DIR ${dataDir} does not exist.`);
  const archive = options.destination.endsWith('.tar.gz')
    ? path.resolve(options.destination)
    : path.join(path.resolve(options.destination), archiveName(options.now ?? new Date()));
  if (isInside(archive, dataDir)) {
    throw new OpsError(`the backup must be written outside DATA_DIR (${dataDir}).`);
  }

  const lock = acquireDataDirLock(dataDir, 'backup');
  const partial = `${archive}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const dbDir = embeddedDbDir(dataDir);
    if (options.embedded) {
      if (!looksLikeDatabase(dbDir)) {
        throw new OpsError(`there is no database in ${dbDir} to back up (has the server run?).`);
      }
      // Replays the WAL a kill -9 may have left and writes everything into the data files,
      // so the archive holds a database at rest. It also proves the database opens.
      await checkpointDatabaseDir(dbDir);
    }
    const entries = BACKED_UP_ENTRIES.filter((name) => {
      if (name === DB_DIR_NAME && !options.embedded) return false;
      return fs.existsSync(path.join(dataDir, name));
    });
    if (entries.length === 0) throw new OpsError(`DATA_DIR ${dataDir} holds nothing to back up.`);

    fs.mkdirSync(path.dirname(archive), { recursive: true });
    await tar.create(
      {
        file: partial,
        cwd: dataDir,
        gzip: true,
        portable: true,
        // Left out: PostgreSQL's lock file of the last session (meaningless elsewhere) and
        // uploads that were still being written (files/tmp, never referenced by the database).
        filter: (entry) =>
          !/(^|\/)postmaster\.pid$/.test(entry) && !/^(\.\/)?files\/tmp(\/|$)/.test(entry),
      },
      [...entries],
    );
    fsyncFile(partial);
    // The archive appears under its final name only when whole, and never replaces another.
    try {
      fs.linkSync(partial, archive);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new OpsError(`${archive} already exists.`);
      }
      throw error;
    }
    fsyncDirectory(path.dirname(archive));
    return { archive, entries: [...entries] };
  } finally {
    fs.rmSync(partial, { force: true });
    lock.release();
  }
}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
}

export interface RestoreResult {
  entries: string[];
}

/** Brings a backup back into an empty (or missing) DATA_DIR. */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const archive = path.resolve(options.archive);
  const { dataDir } = options;
  try {
    if (!fs.statSync(archive).isFile()) throw new OpsError(`${archive} is not a file.`);
  } catch (error) {
    if (error instanceof OpsError) throw error;
    throw new OpsError(`cannot read ${archive}: ${describeError(error)}`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  refuseNonEmpty(dataDir, []);

  const lock = acquireDataDirLock(dataDir, 'restore');
  // Unpacked beside its final place (same file system, so moving it in is a rename).
  const staging = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    refuseNonEmpty(dataDir, [LOCK_FILE_NAME]);
    fs.mkdirSync(staging);
    try {
      await tar.extract({
        file: archive,
        cwd: staging,
        strict: true,
        preserveOwner: false,
        // Plain files and directories of the three known entries only: no links, no devices.
        filter: (entryPath, entry) => {
          const type = 'type' in entry ? entry.type : null;
          const top = entryPath.replace(/^\.\//, '').split('/')[0] ?? '';
          return (
            (type === 'File' || type === 'Directory' || type === 'OldFile') &&
            (BACKED_UP_ENTRIES as readonly string[]).includes(top)
          );
        },
      });
    } catch (error) {
      throw new OpsError(`${archive} is not a readable backup archive: ${describeError(error)}`);
    }

    const entries = BACKED_UP_ENTRIES.filter((name) => fs.existsSync(path.join(staging, name)));
    if (entries.length === 0) {
      throw new OpsError(`${archive} is not a Creator Workspace backup (no db, files or secret).`);
    }
    const stagedDb = path.join(staging, DB_DIR_NAME);
    if (fs.existsSync(stagedDb)) {
      if (!looksLikeDatabase(stagedDb)) {
        throw new OpsError(`${archive} holds a db/ directory that is not a database.`);
      }
      try {
        await checkpointDatabaseDir(stagedDb);
      } catch (error) {
        throw new OpsError(`the database in ${archive} cannot be opened: ${describeError(error)}`);
      }
    }

    for (const name of entries) {
      fs.renameSync(path.join(staging, name), path.join(dataDir, name));
    }
    fsyncDirectory(dataDir);
    return { entries: [...entries] };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

function refuseNonEmpty(dataDir: string, allowed: string[]) {
  const present = fs.readdirSync(dataDir).filter((name) => !allowed.includes(name));
  if (present.length > 0) {
    throw new OpsError(
      `DATA_DIR ${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}); restore only into an empty directory.`,
    );
  }
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function fsyncFile(file: string) {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
