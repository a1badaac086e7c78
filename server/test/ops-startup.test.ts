import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stderrLines, temporaryDir } from './embedded-support';

/**
 * Start-up fails fast with one clear line on stderr and exit code 1 (docs/operations.md,
 * "Start-up failures"). Each case runs the real server process. (A port in use is tested in
 * embedded-lifecycle.test.ts, where a database already exists.)
 */

const scratch = temporaryDir('startup');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function failedStart(env: Record<string, string>) {
  const server = startServer({ PORT: String(await freePort()), ...env });
  const code = await server.exited;
  return { code, lines: stderrLines(server), stdout: server.stdout() };
}

describe('start-up failures', { timeout: 60_000 }, () => {
  it('names a bad setting in one line', async () => {
    const { code, lines } = await failedStart({ DATA_DIR: scratch, PORT: 'eighty' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/^creator-workspace: Invalid configuration: PORT /),
    ]);
  });

  it('names a DATABASE_URL that is not a postgres:// URL in one line', async () => {
    const { code, lines } = await failedStart({
      DATA_DIR: scratch,
      DATABASE_URL: 'mysql://localhost/db',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(/Invalid configuration: DATABASE_URL must start with postgres:\/\//),
    ]);
  });

  it('reports a DATA_DIR that cannot be created in one line', async () => {
    const file = path.join(scratch, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const { code, lines } = await failedStart({ DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^creator-workspace: DATA_DIR .*a-file\/data cannot be created: ENOTDIR/,
      ),
    ]);
  });

  it('reports a DATA_DIR that is a file in one line', async () => {
    const file = path.join(scratch, 'another-file');
    fs.writeFileSync(file, 'not a directory');
    const { code, lines } = await failedStart({ DATA_DIR: file });
    expect(code).toBe(1);
    expect(lines).toEqual([`creator-workspace: DATA_DIR ${file} is not a directory.`]);
  });

  it('reports an unreachable DATABASE_URL in one line without its password, and leaves no lock', async () => {
    const dataDir = path.join(scratch, 'postgres-mode');
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    const { code, lines } = await failedStart({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://cw:hunter2secret@127.0.0.1:1/cw',
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(
        /^creator-workspace: cannot use the database at postgres:\/\/cw:\*\*\*@127\.0\.0\.1:1\/cw: .*ECONNREFUSED/,
      ),
    ]);
    expect(lines[0]).not.toContain('hunter2secret');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
