import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, FileObject } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { share } from '../../sharing-helpers';
import { asCaller, libraryServices, statusOf } from '../services';

/**
 * The trash service against the real database, without HTTP (docs/api.md, "Trash"): calls that
 * meet at once, and what deleting for good leaves in the file store. The routes' own tests are
 * in trash.test.ts.
 */
let ctx: TestContext;
let owner: Caller;
let services: ReturnType<typeof libraryServices>;

async function trashedItem(title: string, collections: number[] = []): Promise<number> {
  const res = await owner.post('/api/collections/contents-list/', {
    title,
    content: 'words',
    collections,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<ContentItem>();
  expect((await owner.delete(`/api/collections/contents-list/${id}/`)).statusCode).toBe(204);
  return id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signedInCaller(ctx);
  services = libraryServices(ctx);
});

afterAll(async () => {
  await ctx.close();
});

describe('TrashService with calls that meet', () => {
  it('restore and delete-for-good of one item at once: exactly one of them happens', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await trashedItem(`Race ${round}`);
      const [restored, removed] = await Promise.allSettled([
        services.trash.restore(asCaller(owner), 'content', id),
        services.trash.remove(asCaller(owner), 'content', id),
      ]);
      const statuses = [statusOf(restored), statusOf(removed)];
      // One wins; the other finds the item no longer in the trash.
      expect(statuses.sort()).toEqual([200, 404]);
      const read = await owner.get(`/api/collections/contents-list/${id}/`);
      expect(read.statusCode).toBe(restored.status === 'fulfilled' ? 200 : 404);
    }
  });

  it('two restores at once: one restores, the other is 404, and the item is there once', async () => {
    const id = await trashedItem('Restored twice');
    const outcomes = await Promise.allSettled([
      services.trash.restore(asCaller(owner), 'content', id),
      services.trash.restore(asCaller(owner), 'content', id),
    ]);
    expect(outcomes.map(statusOf).sort()).toEqual([200, 404]);
    const list = await owner.get('/api/trash/');
    expect(list.json<{ results: { id: number }[] }>().results.map((row) => row.id)).not.toContain(
      id,
    );
  });

  it('emptying the trash while an item is restored: it is either back or gone, never both', async () => {
    const id = await trashedItem('Restored while emptied');
    const [restored] = await Promise.allSettled([
      services.trash.restore(asCaller(owner), 'content', id),
      services.trash.empty(asCaller(owner)),
    ]);
    const read = await owner.get(`/api/collections/contents-list/${id}/`);
    expect(read.statusCode).toBe(restored.status === 'fulfilled' ? 200 : 404);
  });
});

describe('TrashService and the file store', () => {
  it('deleting an item for good removes its files’ bytes; restoring keeps them', async () => {
    const kept = await trashedItem('Kept');
    const gone = await trashedItem('Gone');
    const keys: Record<string, string> = {};
    for (const [name, id] of [
      ['kept', kept],
      ['gone', gone],
    ] as const) {
      // A file attached while the item was live, so restore it first and trash it again.
      await services.trash.restore(asCaller(owner), 'content', id);
      const upload = await owner.upload(
        { name: `${name}.txt`, bytes: Buffer.from(name) },
        { content: String(id) },
      );
      expect(upload.statusCode, upload.body).toBe(201);
      const file = upload.json<FileObject>();
      const row = await services.store.repos.files.find(asCaller(owner), file.id);
      keys[name] = row!.storageKey;
      expect((await owner.delete(`/api/collections/contents-list/${id}/`)).statusCode).toBe(204);
    }

    await services.trash.restore(asCaller(owner), 'content', kept);
    await services.trash.remove(asCaller(owner), 'content', gone);

    await expect(services.storage.open(keys.kept!)).resolves.toBeDefined();
    await expect(services.storage.open(keys.gone!)).rejects.toThrow();
  });

  it('an editor restores what they trashed in a shared collection, but cannot delete it for good', async () => {
    const editor = await signedInCaller(ctx);
    const collection = await owner.post('/api/collections/list/', { name: 'Shared' });
    const collectionId = collection.json<{ id: number }>().id;
    await share(ctx, owner, collectionId, editor, 'editor');
    const id = await trashedItem('Shared and trashed', [collectionId]);

    await expect(services.trash.remove(asCaller(editor), 'content', id)).rejects.toMatchObject({
      statusCode: 403,
    });
    const restored = await services.trash.restore(asCaller(editor), 'content', id);
    expect(restored).toMatchObject({ id });
  });
});
