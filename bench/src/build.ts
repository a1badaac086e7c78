// The bench measures the current code: build web and server when stale, as `npm start` does.
import path from 'node:path';
import { buildWhatIsStale } from '../../scripts/build-stale.mjs';
import { npmStartFlags as startFlagsOf } from '../../scripts/start-flags.mjs';
import { repoRoot } from './paths';

export const serverEntry = path.join(repoRoot, 'server', 'dist', 'main.js');
export const webDist = path.join(repoRoot, 'web', 'dist');

export function ensureBuilt(log: (line: string) => void): void {
  buildWhatIsStale(log);
}

/** The node flags of `npm start`, so the bench runs server/dist/main.js with the same ones. */
export const npmStartFlags = (): string[] => startFlagsOf(repoRoot);
