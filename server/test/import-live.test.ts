import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, ImportJob, Paginated, Version, VersionSummary } from '@cw/contract';
import { createTestApp, type TestContext } from './helpers';
import { zipOf } from './import-fixtures';
import { signedInCaller, uploadImport, type Caller } from './library-helpers';
import { collabUrl, listen, openDocument, until, type Client } from './collab-support';

/**
 * Importing an archive again updates a changed item as a save in the app does (docs/api.md,
 * "Import"; decision 218): an editor who has the item open live sees the new text, and the text
 * it replaced is a version. Real providers over a real socket, as in collab.test.ts.
 */

let ctx: TestContext;
let url: string;
let owner: Caller;
const clients: Client[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  url = collabUrl(await listen(ctx.app));
  owner = await signedInCaller(ctx);
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await ctx.close();
});

async function importZip(entries: Record<string, string>): Promise<ImportJob> {
  const started = await uploadImport(ctx, owner, await zipOf(entries));
  expect(started.statusCode, started.body).toBe(202);
  await ctx.jobs.runDue();
  return (await owner.get(`/api/import/${started.json<ImportJob>().id}/`)).json<ImportJob>();
}

describe('an item imported again while it is open live', () => {
  it('reaches the open editor, and the text it replaced is a version', async () => {
    expect((await importZip({ 'Vault/Draft.md': 'First take.\n' })).status).toBe('done');
    const [item] = (await owner.get('/api/collections/contents-list/')).json<
      Paginated<ContentItem>
    >().results;
    const client = openDocument(url, item!.id, owner.access);
    clients.push(client);
    await client.synced;
    expect(client.text.toString()).toBe('First take.\n');

    const job = await importZip({ 'Vault/Draft.md': 'Second take.\n' });
    expect(job).toMatchObject({ status: 'done', updated: 1, skipped: 0 });
    await until(() => client.text.toString() === 'Second take.\n', 'the editor to see the import');

    const itemUrl = `/api/collections/contents-list/${item!.id}/`;
    expect((await owner.get(itemUrl)).json<ContentItem>().content).toBe('Second take.\n');
    const page = (await owner.get(`${itemUrl}versions/`)).json<Paginated<VersionSummary>>();
    const newest = await owner.get(`${itemUrl}versions/${page.results[0]!.id}/`);
    expect(newest.json<Version>().content).toBe('First take.\n');
  });
});
