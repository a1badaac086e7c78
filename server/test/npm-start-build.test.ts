import fs from 'node:fs';
import path from 'node:path';
import type { ExecFileSyncOptions } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWhatIsStale, STAMP_FILE, targets } from '../../scripts/build-stale.mjs';
import { temporaryDir } from './embedded-support';

/**
 * `npm start` builds what is stale (scripts/build-stale.mjs). Here it runs on a scratch
 * repository with a fake npm that "builds" by writing the output and notes the environment
 * each build was given, so no real build is needed.
 */

let root: string;
let builds: { workspace: string; nodeEnv: string | undefined }[];

function write(relative: string, text = 'x', mtimeMs = Date.now()) {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const time = new Date(mtimeMs);
  fs.utimesSync(file, time, time);
}

function fakeNpm(args: string[], options: ExecFileSyncOptions) {
  const workspace = args[args.indexOf('-w') + 1] ?? '';
  builds.push({ workspace, nodeEnv: options.env?.NODE_ENV });
  const target = targets.find((t) => t.workspace === workspace);
  if (target) write(target.output, `built with NODE_ENV=${options.env?.NODE_ENV}`);
}

const build = (env: NodeJS.ProcessEnv) =>
  buildWhatIsStale(() => undefined, { root, env, run: fakeNpm });

beforeEach(() => {
  root = temporaryDir('start-build');
  builds = [];
  const anHourAgo = Date.now() - 3_600_000;
  write('web/src/main.tsx', 'app', anHourAgo);
  write('server/src/main.ts', 'server', anHourAgo);
  write('contract/src/index.ts', 'contract', anHourAgo);
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a development bundle from npm start', () => {
  it('builds for production even with NODE_ENV=development in the environment', () => {
    build({ PATH: process.env.PATH, NODE_ENV: 'development' });
    expect(builds).toEqual([
      { workspace: 'web', nodeEnv: 'production' },
      { workspace: 'server', nodeEnv: 'production' },
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'))).toMatchObject({
      web: { nodeEnv: 'production' },
      server: { nodeEnv: 'production' },
    });
  });

  it('rebuilds an up-to-date output it did not build itself (e.g. a development build)', () => {
    // web/dist newer than every source, but made by someone else with NODE_ENV=development.
    write('web/dist/index.html', 'development bundle');
    write('server/dist/main.js', 'server bundle');
    build({ NODE_ENV: 'development' });
    expect(builds.map((b) => b.workspace)).toEqual(['web', 'server']);

    builds = [];
    build({ NODE_ENV: 'development' });
    expect(builds).toEqual([]);

    // `npm run build -w web` by hand afterwards: unknown mode again, so built again.
    write('web/dist/index.html', 'development bundle', Date.now() + 5_000);
    build({});
    expect(builds).toEqual([{ workspace: 'web', nodeEnv: 'production' }]);
  });

  it('still rebuilds when a source is newer than the output', () => {
    build({});
    builds = [];
    write('contract/src/index.ts', 'changed', Date.now() + 5_000);
    build({});
    expect(builds.map((b) => b.workspace)).toEqual(['web', 'server']);
  });
});

describe('the node flags of npm start', () => {
  // docs/operations.md ("Memory"), decision 177: the root `npm start` and the server package's
  // own start script run node with the same flags, and the bench reads them from the root's.
  const repository = path.resolve(import.meta.dirname, '..', '..');
  const startOf = (manifest: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(repository, manifest), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts.start ?? '';
  const flagsOf = (command: string) => command.split(/\s+/).filter((word) => word.startsWith('--'));

  it('are the same for the repository and the server package', () => {
    const root = startOf('package.json');
    const server = startOf('server/package.json');
    expect(root).toMatch(/^node (--\S+ )*scripts\/start\.mjs$/);
    expect(server).toMatch(/^node (--\S+ )*dist\/main\.js$/);
    expect(flagsOf(server)).toEqual(flagsOf(root));
    expect(flagsOf(root)).toEqual(['--v8-pool-size=1']);
  });
});
