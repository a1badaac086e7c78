import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { or, type SQL } from 'drizzle-orm';
import { collections, contents, files, notes, tags } from '../src/db/schema';
import { readScopeParts, scopeOf, type LibraryResource } from '../src/policy/library.policy';
import { createTestApp, type TestContext } from './helpers';
import {
  buildReadRuleLibrary,
  PEOPLE,
  type Person,
  type ReadRuleLibrary,
} from './read-rule-fixture';

/**
 * The access policy's one read rule (READ_RULES) has two spellings: `scopeOf(…, 'read')` (lists,
 * single reads) and `readScopeParts` (search: own rows and shared rows as two branches of a
 * UNION ALL; decision 100). They must select the same rows, or search would find what a list
 * hides (or the reverse). Checked on read-rule-fixture.ts's library, which holds every case the
 * rule tells apart; read-rule-agreement.test.ts checks the endpoints on the same library.
 */
let ctx: TestContext;
let person: ReadRuleLibrary['person'];
let made: ReadRuleLibrary['made'];

const TABLES = { collections, contents, notes, files, tags } as const;
const RESOURCES = Object.keys(TABLES) as LibraryResource[];

const callerOf = (who: Person) => ({ userId: person[who].id, sessionFamilyId: undefined });

async function idsWhere(resource: LibraryResource, where: SQL): Promise<number[]> {
  const table = TABLES[resource];
  const rows = await ctx.database.db.select({ id: table.id }).from(table).where(where);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ person, made } = await buildReadRuleLibrary(ctx));
});

afterAll(async () => {
  await ctx.close();
});

describe('scopeOf(…, "read") and readScopeParts select the same rows', () => {
  it.each(PEOPLE)('for the %s, resource by resource', async (who) => {
    for (const resource of RESOURCES) {
      const caller = callerOf(who);
      const { own, shared } = readScopeParts(caller, resource);
      const byScope = await idsWhere(resource, scopeOf(caller, resource, 'read'));
      const ownPart = await idsWhere(resource, own);
      const sharedPart = shared ? await idsWhere(resource, shared) : [];
      // Two disjoint parts (a UNION ALL of them repeats no row) that make up the read scope.
      expect(
        ownPart.filter((id) => sharedPart.includes(id)),
        resource,
      ).toEqual([]);
      expect(
        [...ownPart, ...sharedPart].sort((a, b) => a - b),
        `${who}: ${resource}`,
      ).toEqual(byScope);
      expect(await idsWhere(resource, or(own, shared ?? own)!), resource).toEqual(byScope);
    }
  });

  it('answers what the role table says, so the comparison is not of two empty sets', async () => {
    const itemsOf = async (who: Person) =>
      idsWhere('contents', scopeOf(callerOf(who), 'contents', 'read'));
    const sharedItems = [made.sharedItem!, made.inBoth!, made.byEditor!].sort((a, b) => a - b);
    expect(await itemsOf('viewer')).toEqual(sharedItems);
    expect(await itemsOf('removed')).toEqual([]);
    const editorItems = await itemsOf('editor');
    expect(editorItems).toEqual(expect.arrayContaining(sharedItems));
    expect(editorItems).toHaveLength(sharedItems.length + 1);
    const ownerItems = await itemsOf('owner');
    expect(ownerItems).toEqual(
      expect.arrayContaining([...sharedItems, made.privateItem!, made.loose!]),
    );
    expect(await itemsOf('stranger')).toHaveLength(1);
    const viewerCollections = await idsWhere(
      'collections',
      scopeOf(callerOf('viewer'), 'collections', 'read'),
    );
    expect(viewerCollections).toEqual([made.shared]);
  });
});
