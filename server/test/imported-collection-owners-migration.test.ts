import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { emptyDatabase, migrationsBefore } from './migration-support';

/** The migration that gives collections made by an import their owner row (decision 217). */
const MIGRATION = '0016_imported-collection-owners';

describe(`migration ${MIGRATION}: every collection has its owner's membership row`, () => {
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

  it('adds the missing owner rows and leaves the others as they were', async () => {
    await target.migrate(before);
    const made = new Date('2026-10-01T08:00:00Z');
    await target.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name)
      values ('ada@example.com', 'x', 'Ada', 'L'), ('bob@example.com', 'x', 'Bob', 'M')`);
    await target.db.execute(sql`
      insert into collections (user_id, name, created_on)
      select id, 'Imported', ${made.toISOString()}::timestamptz from users where email = 'ada@example.com'
      union all select id, 'Made in the app', ${made.toISOString()}::timestamptz from users where email = 'ada@example.com'`);
    // The app's collection has its owner row and a member; the imported one has none.
    await target.db.execute(sql`
      insert into collection_members (collection_id, user_id, email, role, status, accepted_on)
      select c.id, u.id, u.email, 'owner', 'active', now() from collections c, users u
       where c.name = 'Made in the app' and u.email = 'ada@example.com'
      union all
      select c.id, u.id, u.email, 'editor', 'active', now() from collections c, users u
       where c.name = 'Made in the app' and u.email = 'bob@example.com'`);

    await target.migrate(migrationsFolder());

    const result = await target.db.execute(sql`
      select c.name, m.email, m.role, m.status, m.created_on = c.created_on as dated
        from collection_members m join collections c on c.id = m.collection_id
       order by c.name, m.email`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toEqual([
      { name: 'Imported', email: 'ada@example.com', role: 'owner', status: 'active', dated: true },
      {
        name: 'Made in the app',
        email: 'ada@example.com',
        role: 'owner',
        status: 'active',
        dated: false,
      },
      {
        name: 'Made in the app',
        email: 'bob@example.com',
        role: 'editor',
        status: 'active',
        dated: false,
      },
    ]);
  });
});
