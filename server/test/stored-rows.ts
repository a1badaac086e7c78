import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { collections, contents, files, notes, tags } from '../src/db/schema';
import type { TestContext } from './helpers';

/** Every stored file under the test app's DATA_DIR/files (temporary files aside). */
export function storedFilesOf(ctx: TestContext): string[] {
  const root = path.join(ctx.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.endsWith('tmp'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** How many collections, items, notes, tags and files a person owns (trash included). */
export async function libraryRowsOf(ctx: TestContext, userId: number) {
  const db = ctx.database.db;
  const n = async (
    table: typeof collections | typeof contents | typeof notes | typeof tags | typeof files,
  ) => (await db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  return {
    collections: await n(collections),
    contents: await n(contents),
    notes: await n(notes),
    tags: await n(tags),
    files: await n(files),
  };
}
