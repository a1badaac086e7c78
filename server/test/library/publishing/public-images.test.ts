import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, ContentItem, FileObject } from '@cw/contract';
import { PUBLIC_CSP } from '../../../src/library/publishing/public-html';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { pngImage } from '../../image-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const COLLECTIONS = '/api/collections/list/';
const CONTENTS = '/api/collections/contents-list/';
const visit = (url: string) => ctx.app.inject({ method: 'GET', url });

async function ok<T>(res: Promise<{ statusCode: number; body: string; json: <U>() => U }>) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json<T>();
}

const upload = (caller: Caller, name: string, bytes: Buffer, type: string, content?: number) =>
  ok<FileObject>(
    caller.upload({ name, bytes, type }, content === undefined ? {} : { content: String(content) }),
  );

describe('images in the text of a public item (decision 213)', () => {
  it('show from the public file address with their size only when the file is the item’s', async () => {
    const alice = await signedInCaller(ctx);
    const collection = await ok<Collection>(alice.post(COLLECTIONS, { name: 'Photos' }));
    const item = await ok<ContentItem>(
      alice.post(CONTENTS, {
        title: 'With pictures',
        content: 'x',
        collections: [collection.id],
        is_public: true,
      }),
    );
    const draft = await ok<ContentItem>(
      alice.post(CONTENTS, { title: 'Draft', content: 'x', collections: [collection.id] }),
    );
    const own = await upload(alice, 'stage.png', pngImage(64, 48), 'image/png', item.id);
    const text = await upload(alice, 'notes.txt', Buffer.from('hello'), 'text/plain', item.id);
    const elsewhere = await upload(alice, 'secret.png', pngImage(2, 2), 'image/png', draft.id);
    const loose = await upload(alice, 'loose.png', pngImage(2, 2), 'image/png');
    await ok(
      alice.patch(`${CONTENTS}${item.id}/`, {
        content: [
          `![The stage](${own.url})`,
          `![A text file](${text.url})`,
          `![Not this item’s](${elsewhere.url})`,
          `![Nobody’s](${loose.url})`,
          '![Elsewhere on the web](https://example.com/a.png)',
        ].join('\n\n'),
      }),
    );
    const published = await ok<Collection>(alice.post(`${COLLECTIONS}${collection.id}/publish/`));
    // The edit is not public until the public page is updated (decision 229).
    const stale = await visit(`/p/${published.public_id}/${item.id}`);
    expect(stale.body).not.toContain('The stage');
    await ok(alice.post(`${CONTENTS}${item.id}/publish/`));
    // A picture whose file is private shows its alt text only (decision 230).
    const privateFiles = await visit(`/p/${published.public_id}/${item.id}`);
    expect(privateFiles.body).toContain('<span>The stage</span>');
    expect(privateFiles.body).not.toContain(`files/${own.id}`);
    expect((await visit(`/p/${published.public_id}/files/${own.id}`)).statusCode).toBe(404);
    for (const file of [own, text, elsewhere]) {
      await ok(alice.patch(`/api/collections/files/${file.id}/`, { is_public: true }));
    }
    const page = await visit(`/p/${published.public_id}/${item.id}`);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    const fileAddress = `/p/${published.public_id}/files/${own.id}`;
    expect(html).toContain(
      `<img src="${fileAddress}" alt="The stage" loading="lazy" width="64" height="48">`,
    );
    // No signed-in address is left in the page, and no other item's file shows.
    expect(html).not.toContain('/api/collections/files/');
    expect(html).toContain('<span>A text file</span>');
    expect(html).toContain('<span>Not this item’s</span>');
    expect(html).toContain('<span>Nobody’s</span>');
    expect(html).not.toContain(`files/${elsewhere.id}`);
    // Other images keep today's rules.
    expect(html).toContain('<img src="https://example.com/a.png" alt="Elsewhere on the web"');
    // The JSON answer gives the sizes too.
    const api = (await visit(`/api/public/${published.public_id}/`)).json<{
      items: { files: { id: number; width: number | null; height: number | null }[] }[];
    }>();
    expect(api.items[0]!.files.find((file) => file.id === own.id)).toMatchObject({
      width: 64,
      height: 48,
    });
    // The page's CSP allows its own images, and the file answers as an image an <img> shows.
    expect(PUBLIC_CSP).toContain("img-src 'self'");
    const image = await visit(fileAddress);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });
});
