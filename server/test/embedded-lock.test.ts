import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE_NAME,
  processStartTime,
  processState,
  type LockOwner,
} from '../src/runtime/data-dir-lock';
import { temporaryDir } from './embedded-support';

let dataDir: string;
let lockFile: string;
beforeEach(() => {
  dataDir = temporaryDir('lock');
  lockFile = path.join(dataDir, LOCK_FILE_NAME);
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A lock as another process would have written it; by default held by our live parent. */
function writeLock(owner: Partial<LockOwner> = {}) {
  const pid = owner.pid ?? process.ppid;
  const full: LockOwner = {
    pid,
    hostname: os.hostname(),
    processStart: processStartTime(pid),
    purpose: 'server',
    since: '2026-11-22T10:00:00.000Z',
    nonce: 'someone-else',
    ...owner,
  };
  fs.writeFileSync(lockFile, JSON.stringify(full));
  return fs.readFileSync(lockFile, 'utf8');
}

/** A pid that belongs to no running process: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function heldBy(): LockOwner {
  return JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockOwner;
}

describe('the DATA_DIR lock', () => {
  it('records who holds it, refuses a second holder, and is free again once released', () => {
    const lock = acquireDataDirLock(dataDir, 'server');
    expect(heldBy()).toMatchObject({ pid: process.pid, purpose: 'server' });
    expect(() => acquireDataDirLock(dataDir, 'backup')).toThrow(DataDirLockedError);
    lock.release();
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
    acquireDataDirLock(dataDir, 'backup').release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses while another live process holds it, naming it, and leaves its lock untouched', () => {
    const before = writeLock();
    expect(() => acquireDataDirLock(dataDir, 'server')).toThrow(
      new RegExp(`in use by another Creator Workspace process \\(server pid ${process.ppid} on `),
    );
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(before);
    expect(fs.readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
  });

  it('takes over the lock of a process that has died (kill -9)', () => {
    writeLock({ pid: deadPid() });
    const lock = acquireDataDirLock(dataDir, 'server');
    expect(heldBy().pid).toBe(process.pid);
    lock.release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('restart refused after kill -9: takes over the lock of an owner killed and left a zombie by its parent', async () => {
    // sh starts the owner in the background, prints its pid, then becomes `sleep` (exec): a
    // parent that never waits for its child, as a shell or supervisor that is busy elsewhere.
    const parent = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = await new Promise<number>((resolve) => {
        parent.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line)));
      });
      writeLock({ pid, processStart: processStartTime(pid) });
      expect(() => acquireDataDirLock(dataDir, 'server')).toThrow(DataDirLockedError);

      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 200 && processState(pid) !== 'Z'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(processState(pid)).toBe('Z');
      // A zombie still answers kill(pid, 0): only its state tells it is gone.
      expect(() => process.kill(pid, 0)).not.toThrow();

      const lock = acquireDataDirLock(dataDir, 'server');
      expect(heldBy().pid).toBe(process.pid);
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid now belongs to an unrelated, younger process', () => {
    writeLock({ pid: process.ppid, processStart: '1' });
    const lock = acquireDataDirLock(dataDir, 'server');
    expect(heldBy().pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock carrying its own pid from an earlier life (a restarted container)', () => {
    writeLock({ pid: process.pid });
    const lock = acquireDataDirLock(dataDir, 'server');
    expect(heldBy().nonce).not.toBe('someone-else');
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    fs.writeFileSync(lockFile, '');
    acquireDataDirLock(dataDir, 'server').release();
    fs.writeFileSync(lockFile, '{"half":');
    acquireDataDirLock(dataDir, 'server').release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a lock held from another machine, whose processes it cannot see', () => {
    writeLock({ hostname: 'some-other-host', pid: deadPid() });
    expect(() => acquireDataDirLock(dataDir, 'server')).toThrow(/on some-other-host/);
  });

  it('never deletes a lock that is no longer its own when released', () => {
    const lock = acquireDataDirLock(dataDir, 'server');
    const other = writeLock({ nonce: 'replaced-by-hand' });
    lock.release();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(other);
  });
});
