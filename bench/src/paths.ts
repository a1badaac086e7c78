import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/src/ is two levels below it). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const benchDir = path.join(repoRoot, 'bench');
