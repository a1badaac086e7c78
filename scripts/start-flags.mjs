// The node flags of `npm start`, read from the root package.json's `node <flags> scripts/start.mjs`,
// so the benchmarks and the browser journeys start the server with the flags that ship
// (docs/operations.md, "Memory"; decision 177).
import fs from 'node:fs';
import path from 'node:path';

export function npmStartFlags(repoRoot) {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const words = (manifest.scripts?.start ?? '').split(/\s+/).filter(Boolean);
  const script = words.indexOf('scripts/start.mjs');
  if (words[0] !== 'node' || script < 0) {
    throw new Error('package.json: "start" is not "node [flags] scripts/start.mjs"');
  }
  return words.slice(1, script);
}
