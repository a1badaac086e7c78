import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { emptyDatabase, migrationsBefore } from './migration-support';

/**
 * The migration that gives public items their published version (decision 229) and keeps public
 * only the files that the text of a public item shows (decision 230).
 */
const MIGRATION = '0020_published-snapshots';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe(`migration ${MIGRATION}: published versions and public files`, () => {
  let target: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: string;
  beforeAll(async () => {
    target = await emptyDatabase();
    before = migrationsBefore(MIGRATION);
  });
  afterAll(async () => {
    await target.close();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('keeps each public item’s text as its published version; files stay public only when its text shows them', async () => {
    await target.migrate(before);
    await target.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name)
      values ('ada@example.com', 'x', 'Ada', 'L')`);
    await target.db.execute(sql`
      insert into contents (user_id, title, content, is_public, word_count)
      select id, 'Public', 'placeholder', true, 2 from users
      union all select id, 'Private', 'not public', false, 2 from users`);
    await target.db.execute(sql`
      insert into files (user_id, content_id, name, size, content_type, storage_key)
      select c.user_id, c.id, f.name, 1, 'image/png', f.name from contents c,
        (values ('shown.png'), ('brief.pdf'), ('stage.png')) as f(name) where c.title = 'Public'
      union all
      select c.user_id, c.id, 'draft.png', 1, 'image/png', 'draft.png' from contents c where c.title = 'Private'`);
    // The public text shows shown.png and names /files/{id}1… of none; the private one shows draft.png.
    await target.db.execute(sql`
      update contents c set content = '![Shown](/api/collections/files/' || f.id || '/download/) and ' ||
        '![Bad](/api/collections/files/' || f.id || '0/download/)'
        from files f where f.name = 'shown.png' and c.title = 'Public'`);
    await target.db.execute(sql`
      update contents c set content = '![Draft](/api/collections/files/' || f.id || '/download)'
        from files f where f.name = 'draft.png' and c.title = 'Private'`);

    await target.migrate(migrationsFolder());

    const items = rowsOf(
      await target.db.execute(sql`
        select c.title, v.label, v.title as version_title, v.content = c.content as same_text
          from contents c left join content_versions v on v.id = c.published_version_id
         order by c.title`),
    );
    expect(items).toEqual([
      { title: 'Private', label: null, version_title: null, same_text: null },
      { title: 'Public', label: 'Published', version_title: 'Public', same_text: true },
    ]);
    const files = rowsOf(
      await target.db.execute(sql`select name, is_public from files order by name`),
    );
    expect(files).toEqual([
      { name: 'brief.pdf', is_public: false },
      { name: 'draft.png', is_public: false },
      { name: 'shown.png', is_public: true },
      { name: 'stage.png', is_public: false },
    ]);
  });
});
