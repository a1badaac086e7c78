import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, ItemLinks } from '@cw/contract';
import { contentLinks, jobs } from '../../../src/db/schema';
import { backfillLinks, LINKS_BACKFILL_JOB } from '../../../src/library/links/links-backfill';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { libraryServices } from '../services';

/**
 * Texts written before links existed get their links from a one-time job (decision 211,
 * docs/operations.md "Links between items"), on both databases.
 */
let ctx: TestContext;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
  bob = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const CONTENTS = '/api/collections/contents-list/';

async function create(caller: Caller, title: string, content = 'Words.') {
  const res = await caller.post(CONTENTS, { title, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentItem>();
}

/** An item as it was before links existed: its text, and no row in content_links. */
async function writtenBefore(caller: Caller, title: string, content: string) {
  const made = await create(caller, title, content);
  await ctx.database.db.delete(contentLinks).where(eq(contentLinks.sourceId, made.id));
  return made;
}

const linksOf = async (caller: Caller, id: number) =>
  (await caller.get(`${CONTENTS}${id}/links/`)).json<ItemLinks>().results;

describe('the links backfill', () => {
  it('is queued once at start-up and has run when the queue has', async () => {
    await ctx.jobs.runDue();
    const rows = await ctx.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.kind, LINKS_BACKFILL_JOB));
    expect(rows).toEqual([{ status: 'done' }]);
  });

  it('derives earlier texts as their owners, once, and passes over a `[[` that makes no link', async () => {
    const plan = await create(alice, 'Plan');
    // Bob's item of the same title is not Alice's to link to.
    await create(bob, 'Plan');
    const home = await writtenBefore(alice, 'Home', 'See [[Plan]] and [[Nowhere|somewhere]].');
    const odd = await writtenBefore(alice, 'Odd', 'Two brackets [[ and nothing after.');
    const bobs = await writtenBefore(bob, 'Bob notes', 'About [[plan]].');
    expect(await linksOf(alice, home.id)).toEqual([]);

    const store = libraryServices(ctx).store;
    expect(await backfillLinks(store)).toBe(3);
    expect(await linksOf(alice, home.id)).toEqual([
      { text: 'nowhere', target: null },
      { text: 'plan', target: { id: plan.id, title: 'Plan' } },
    ]);
    const bobsLinks = await linksOf(bob, bobs.id);
    expect(bobsLinks).toHaveLength(1);
    expect(bobsLinks[0]!.target?.id).not.toBe(plan.id);
    expect(await linksOf(alice, odd.id)).toEqual([]);

    // Done once: only the text that makes no link is read again, and nothing changes.
    expect(await backfillLinks(store)).toBe(1);
    expect(await linksOf(alice, home.id)).toHaveLength(2);
  });
});
