// Builds the web app and the server when their output is missing or older than any of their
// sources. Used by `npm start` (scripts/start.mjs) and `npm run bench`, so both always run the
// current code without rebuilding what has not changed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(...entries) {
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
  for (const entry of entries) visit(path.join(repoRoot, entry));
  return newest;
}

function stale(output, sources) {
  const built = newestMtime(output);
  return built === 0 || newestMtime(...sources) > built;
}

const targets = [
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

/** @param {(line: string) => void} log */
export function buildWhatIsStale(log) {
  for (const { workspace, output, sources } of targets) {
    if (!stale(output, sources)) continue;
    log(`creator-workspace: building ${workspace}...`);
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
  }
}
