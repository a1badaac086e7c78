import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The exclusive lock on DATA_DIR: one process at a time (the server, a backup or a restore).
 * PGlite has no lock of its own, and two processes writing one data directory corrupt it.
 *
 * The lock is a file, DATA_DIR/.lock, holding who owns it. It is created whole and atomically
 * (written to a private temporary file, then hard-linked into place, which fails if the name
 * exists). A lock whose owner is gone — killed with `kill -9`, the machine restarted — is
 * taken over: the owner is looked up by pid, and on Linux also by the process start time, so
 * a pid reused by an unrelated process does not keep the directory locked, and by its state, so
 * a killed owner not yet reaped by its parent (a zombie) does not either. See
 * docs/decisions/040-data-dir-lock.md.
 */

export const LOCK_FILE_NAME = '.lock';

export interface LockOwner {
  pid: number;
  hostname: string;
  /** Linux only: the process start time in clock ticks since boot (/proc/PID/stat field 22). */
  processStart: string | null;
  /** What holds it: "server", "backup", "restore". */
  purpose: string;
  since: string;
  /** Tells this acquisition apart from any other, even by the same pid. */
  nonce: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
}

/** Another live process holds the lock. `message` is one line for an operator. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockOwner | null,
  ) {
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    const who = holder
      ? `${holder.purpose} pid ${holder.pid} on ${holder.hostname}, since ${holder.since}`
      : 'another process';
    super(
      `DATA_DIR ${dataDir} is in use by another Creator Workspace process (${who}); stop it first` +
        ` (if no such process runs, delete ${lockFile}).`,
    );
  }
}

/** Locks held by this process, so a second acquisition in the same process is refused too. */
const heldHere = new Set<string>();

/** Linux: the fields of /proc/PID/stat from field 3 (the state) on, or null. */
function procStatFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

export function processStartTime(pid: number): string | null {
  return procStatFields(pid)?.[19] ?? null; // field 22 of the whole line
}

/**
 * Linux: the process state letter (/proc/PID/stat field 3), or null. `Z`: a zombie, a process
 * that has ended and whose parent has not collected it yet; `X`: dead.
 */
export function processState(pid: number): string | null {
  return procStatFields(pid)?.[0] ?? null;
}

function readOwner(file: string): LockOwner | null | 'missing' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.nonce !== 'string') return null;
    return {
      pid: owner.pid,
      hostname: String(owner.hostname ?? ''),
      processStart: typeof owner.processStart === 'string' ? owner.processStart : null,
      purpose: String(owner.purpose ?? 'unknown'),
      since: String(owner.since ?? 'unknown'),
      nonce: owner.nonce,
    };
  } catch {
    return null;
  }
}

/** Whether the process that wrote a lock still runs. Errs on "alive" when it cannot tell. */
export function ownerIsAlive(owner: LockOwner): boolean {
  // Another machine sharing the directory (a network file system): its pids mean nothing here.
  if (owner.hostname !== os.hostname()) return true;
  // Our own pid in a lock this process does not hold: written by an earlier life of this pid
  // (a container restarted after kill -9 gets the same pid again).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie still answers kill(pid, 0) but runs no code: a server killed with kill -9 whose
  // parent (a shell, a supervisor) has not reaped it yet holds nothing any more.
  const state = processState(owner.pid);
  if (state === 'Z' || state === 'X') return false;
  if (owner.processStart !== null) {
    const now = processStartTime(owner.pid);
    if (now !== null && now !== owner.processStart) return false; // the pid was reused
  }
  return true;
}

/**
 * Takes the lock on `dataDir` (which must exist) or throws DataDirLockedError. Writes nothing
 * when the lock is held by a live process.
 */
export function acquireDataDirLock(dataDir: string, purpose: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, null);

  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    processStart: processStartTime(process.pid),
    purpose,
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };

  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = readOwner(file);
    if (current !== 'missing') {
      // An unreadable lock is one whose writer died mid-way through an older format, or a file
      // someone put there by hand: never ours to judge alive, so it counts as stale.
      if (current !== null && ownerIsAlive(current)) throw new DataDirLockedError(dataDir, current);
      removeStaleLock(file, current);
      continue;
    }
    if (createLockFile(file, owner)) {
      heldHere.add(file);
      return {
        file,
        owner,
        release: () => releaseLock(file, owner),
      };
    }
    // Someone created it between our read and our link: look again.
  }
  throw new DataDirLockedError(dataDir, null);
}

/** Writes the lock whole under a private name, then links it into place (fails if it exists). */
function createLockFile(file: string, owner: LockOwner): boolean {
  const temporary = `${file}.${owner.pid}.${owner.nonce}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o644 });
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    // ENOENT: a process holding the lock swept our temporary file away as a leftover.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOENT') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Moves a stale lock aside under a private name, then checks it is the one judged stale: if a
 * process racing us had meanwhile replaced it with its own live lock, that lock is put back.
 */
function removeStaleLock(file: string, stale: LockOwner | null) {
  const aside = `${file}.stale.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else removed it
    throw error;
  }
  const moved = readOwner(aside);
  const sameAsJudged =
    moved === 'missing' || (moved === null ? stale === null : moved.nonce === stale?.nonce);
  if (!sameAsJudged) {
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  fs.rmSync(aside, { force: true });
}

function releaseLock(file: string, owner: LockOwner) {
  if (!heldHere.delete(file)) return;
  const current = readOwner(file);
  if (current !== 'missing' && current !== null && current.nonce === owner.nonce) {
    fs.rmSync(file, { force: true });
  }
}
