// `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs: this shows that it fails
// on a cycle made only of `import type` (which ESLint's import/no-cycle lets through).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(
  root,
  'node_modules',
  'dependency-cruiser',
  'bin',
  'dependency-cruise.mjs',
);

let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-cycles-'));
  // The config names the repository's tsconfig by a path relative to where it runs.
  fs.copyFileSync(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  const write = (name, text) => fs.writeFileSync(path.join(dir, name), text);
  write('a.ts', "import type { B } from './b';\nexport interface A { b?: B }\n");
  write('b.ts', "import type { A } from './a';\nexport interface B { a?: A }\n");
  write('d.ts', "import type { E } from './e';\nexport const d = (e: E) => e;\n");
  write('e.ts', "import type { Payload } from './payload';\nexport interface E { p: Payload }\n");
  write('payload.ts', 'export interface Payload { id: number }\n');
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const cruise = (...files) =>
  spawnSync(
    process.execPath,
    [depcruise, '--config', path.join(root, '.dependency-cruiser.cjs'), ...files],
    { cwd: dir, encoding: 'utf8' },
  );

describe('the import cycle check of npm run lint', () => {
  it('fails on a cycle of type-only imports', () => {
    const run = cruise('a.ts', 'b.ts');
    expect(run.status).not.toBe(0);
    expect(run.stdout).toMatch(/no-circular: a\.ts →\s+b\.ts →\s+a\.ts/);
  });

  it('passes type-only imports that make no cycle', () => {
    const run = cruise('d.ts', 'e.ts', 'payload.ts');
    expect(run.stdout).toMatch(/no dependency violations found/);
    expect(run.status).toBe(0);
  });
});
