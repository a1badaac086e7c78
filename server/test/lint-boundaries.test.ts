import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` keeps the library's feature folders apart (decision 201): the repository's own
 * eslint.config.js, run through ESLint's API on a snippet given the path of a file it would sit
 * in. The zones of import/no-restricted-paths are read from the working directory, the
 * repository's root, where `npm run lint` runs.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const RULE = 'import/no-restricted-paths';
let eslint: ESLint;
let cwd: string;

beforeAll(() => {
  cwd = process.cwd();
  process.chdir(root);
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
});

afterAll(() => {
  process.chdir(cwd);
});

/** The messages of the boundaries rule for `code` at `filePath` (from the repository's root). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.message);
}

describe('the boundaries of the server library', () => {
  it('fail a feature that imports another feature, type-only imports included', async () => {
    const errors = await boundaryErrors(
      'server/src/library/trash/trash.service.ts',
      [
        "import { CollectionsService } from '../collections/collections.service';",
        "import type { NotesService } from '../content/notes.service';",
        'export const services: [typeof CollectionsService, NotesService | null] = [CollectionsService, null];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('../collections/collections.service');
    expect(errors[0]).toContain('never another feature');
    expect(errors[1]).toContain('../content/notes.service');
  }, 120_000);

  it('fail a feature that imports the plugin that wires the library', async () => {
    const errors = await boundaryErrors(
      'server/src/library/search/search.service.ts',
      "export { libraryPlugin } from '../library.plugin';\n",
    );
    expect(errors).toHaveLength(1);
  }, 120_000);

  it('fail the shared part when it imports a feature', async () => {
    const errors = await boundaryErrors(
      'server/src/library/shared/presenters.ts',
      "export type { TagRow } from '../tags/tags.repository';\n",
    );
    expect(errors).toEqual([expect.stringContaining('library/shared/ imports no feature')]);
  }, 120_000);

  it('fail code outside the library that imports a feature', async () => {
    const errors = await boundaryErrors(
      'server/src/collab/documents.service.ts',
      "export type { ContentsService } from '../library/content/contents.service';\n",
    );
    expect(errors).toEqual([expect.stringContaining('Outside the library')]);
  }, 120_000);

  it('let a feature import its own files, the shared part and the store', async () => {
    const errors = await boundaryErrors(
      'server/src/library/trash/trash.service.ts',
      [
        "export type { TrashRow } from './trash.repository';",
        "export { uniqueIds } from '../shared/linked-ids';",
        "export type { LibraryStore } from '../library-store';",
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
