import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every place the suite reads or writes, relative to the e2e workspace. */
export const paths = {
  e2eRoot,
  repoRoot: path.resolve(e2eRoot, '..'),
  /** Screenshots of every main screen at 375, 768 and 1280 px (a CI artifact). */
  screenshots: path.join(e2eRoot, 'artifacts', 'screenshots'),
  /** The product server's output during the run (a CI artifact). */
  serverLog: path.join(e2eRoot, 'artifacts', 'server.log'),
};
