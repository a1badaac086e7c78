// Builds the web app and the server when their output is missing or older than the sources,
// with the same rule as scripts/start.mjs, so the bench always measures the current code.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

function newestMtime(...entries: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    let stat: fs.Stats;
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

function stale(output: string, sources: string[]): boolean {
  const built = newestMtime(output);
  return built === 0 || newestMtime(...sources) > built;
}

function build(workspace: string, log: (line: string) => void): void {
  log(`building ${workspace} (output missing or older than its sources)...`);
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
}

export const serverEntry = path.join(repoRoot, 'server', 'dist', 'main.js');
export const webDist = path.join(repoRoot, 'web', 'dist');

export function ensureBuilt(log: (line: string) => void): void {
  const webSources = [
    'web/src',
    'web/index.html',
    'web/public',
    'web/vite.config.ts',
    'contract/src',
  ];
  if (stale('web/dist/index.html', webSources)) build('web', log);
  if (stale('server/dist/main.js', ['server/src', 'contract/src', 'server/scripts/build.mjs'])) {
    build('server', log);
  }
}
