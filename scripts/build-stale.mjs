// Builds the web app and the server when their output is missing, older than any of their
// sources, or not known to be a production build. Used by `npm start` (scripts/start.mjs) and
// `npm run bench`, so both always run the current code, built for production, without
// rebuilding what has not changed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where this script notes which outputs it built, and for which NODE_ENV. An output it did not
 * build (`npm run build` with NODE_ENV=development in the environment makes React's development
 * bundle) has another modification time than the one noted, so it is built again.
 */
export const STAMP_FILE = 'node_modules/.cache/creator-workspace/build-stamp.json';

function newestMtime(root, ...entries) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

export const targets = [
  {
    workspace: 'web',
    output: 'web/dist/index.html',
    sources: [
      'web/src',
      'web/index.html',
      'web/public',
      'web/vite.config.ts',
      'web/scripts',
      'contract/src',
    ],
  },
  {
    workspace: 'server',
    output: 'server/dist/main.js',
    sources: ['server/src', 'contract/src', 'server/scripts/build.mjs'],
  },
];

function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return {};
  }
}

function writeStamp(root, stamp) {
  const file = path.join(root, STAMP_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
}

function stale(root, { workspace, output, sources }, stamp) {
  const built = newestMtime(root, output);
  if (built === 0 || newestMtime(root, ...sources) > built) return true;
  const noted = stamp[workspace];
  return noted?.nodeEnv !== 'production' || noted.outputMtimeMs !== built;
}

const runNpm = (args, options) => execFileSync('npm', args, options);

/**
 * @param {(line: string) => void} log
 * @param {{ root?: string, env?: NodeJS.ProcessEnv, run?: typeof runNpm }} [options]
 *   for tests: another repository root, environment and npm runner
 */
export function buildWhatIsStale(log, options = {}) {
  const { root = repoRoot, env = process.env, run = runNpm } = options;
  const stamp = readStamp(root);
  for (const target of targets) {
    if (!stale(root, target, stamp)) continue;
    log(`creator-workspace: building ${target.workspace}...`);
    // Always production: Vite takes NODE_ENV from the environment, and NODE_ENV=development
    // there (a developer's shell profile) would ship React's development bundle.
    run(['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production' },
    });
    stamp[target.workspace] = {
      nodeEnv: 'production',
      outputMtimeMs: newestMtime(root, target.output),
    };
    writeStamp(root, stamp);
  }
}
