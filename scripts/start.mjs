// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (which serves the web app and the API from one process) in this same process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

function stale(output, sources) {
  const built = newestMtime(output);
  return built === 0 || newestMtime(...sources) > built;
}

function run(workspace) {
  process.stdout.write(`creator-workspace: building ${workspace}...\n`);
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
}

if (
  stale('web/dist/index.html', [
    'web/src',
    'web/index.html',
    'web/public',
    'web/vite.config.ts',
    'web/scripts',
    'contract/src',
  ])
) {
  run('web');
}
if (stale('server/dist/main.js', ['server/src', 'contract/src', 'server/scripts/build.mjs'])) {
  run('server');
}

// NODE_ENV is left as given: unset means a local product with a generated secret in DATA_DIR;
// NODE_ENV=production demands JWT_SECRET (contract §1).
await import(pathToFileURL(path.join(root, 'server/dist/main.js')).href);
