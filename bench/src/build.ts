// The bench measures the current code: build web and server when stale, as `npm start` does.
import fs from 'node:fs';
import path from 'node:path';
import { buildWhatIsStale } from '../../scripts/build-stale.mjs';
import { repoRoot } from './paths';

export const serverEntry = path.join(repoRoot, 'server', 'dist', 'main.js');
export const webDist = path.join(repoRoot, 'web', 'dist');

export function ensureBuilt(log: (line: string) => void): void {
  buildWhatIsStale(log);
}

/**
 * The node flags of `npm start` (the root package.json's `node <flags> scripts/start.mjs`), so
 * the bench runs server/dist/main.js with the same ones (docs/operations.md, decision 177).
 */
export function npmStartFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const words = (manifest.scripts?.start ?? '').split(/\s+/).filter(Boolean);
  const script = words.indexOf('scripts/start.mjs');
  if (words[0] !== 'node' || script < 0) {
    throw new Error(`package.json: "start" is not "node [flags] scripts/start.mjs"`);
  }
  return words.slice(1, script);
}
