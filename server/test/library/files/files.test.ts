import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { ContentItem, FileObject, Paginated } from '@cw/contract';
import { files } from '../../../src/db/schema';
import { createTestApp, type TestContext } from '../../helpers';
import { allByteValues, multipartBody, signedInCaller, type Caller } from '../../library-helpers';

const UPLOAD_MAX_BYTES = 4096;

let ctx: TestContext;
let alice: Caller;
let bob: Caller;

beforeAll(async () => {
  ctx = await createTestApp({ uploadMaxBytes: UPLOAD_MAX_BYTES });
  alice = await signedInCaller(ctx);
  bob = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const LIST = '/api/collections/files/';
const one = (id: number) => `/api/collections/files/${id}/`;

/** Every entry under DATA_DIR/files, temporary files included. */
function filesOnDisk(): string[] {
  const root = path.join(ctx.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
async function fileRows(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}
async function uploadText(caller: Caller, text: string, fields = {}): Promise<FileObject> {
  const res = await caller.upload(
    { name: `${text}.txt`, bytes: Buffer.from(text), type: 'text/plain' },
    fields,
  );
  expect(res.statusCode).toBe(201);
  return res.json<FileObject>();
}
const createContent = async (caller: Caller) =>
  (
    await caller.post('/api/collections/contents-list/', { title: 'Has files', content: 'x' })
  ).json<ContentItem>();

describe('uploading and downloading', () => {
  it('round-trips every byte value exactly', async () => {
    const bytes = allByteValues(8);
    const res = await alice.upload({ name: 'all-bytes.bin', bytes, type: 'application/x-thing' });
    expect(res.statusCode).toBe(201);
    const file = res.json<FileObject>();
    expect(file).toEqual({
      id: expect.any(Number),
      name: 'all-bytes.bin',
      size: bytes.length,
      content_type: 'application/x-thing',
      width: null,
      height: null,
      url: `/api/collections/files/${file.id}/download/`,
      is_public: false,
      content: null,
      collection: null,
      created_on: expect.any(String),
      user: alice.id,
    });
    const download = await alice.get(file.url);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    expect(download.headers['content-type']).toBe('application/x-thing');
    expect(download.headers['content-length']).toBe(String(bytes.length));
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="all-bytes.bin"; filename*=UTF-8''all-bytes.bin`,
    );
  });

  it('keeps only the base name of the file, and serves any name safely', async () => {
    const res = await alice.upload({
      name: '..\\..\\secret/Résumé; final.txt',
      bytes: Buffer.from('cv'),
      type: 'text/html',
    });
    expect(res.statusCode).toBe(201);
    const file = res.json<FileObject>();
    expect(file.name).toBe('Résumé; final.txt');
    const renamed = await alice.patch(one(file.id), { name: 'C:\\tmp\\"quoted" (1)\u0007.txt' });
    expect(renamed.json<FileObject>().name).toBe('"quoted" (1).txt');
    const download = await alice.get(file.url);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_quoted_ (1).txt"; filename*=UTF-8''%22quoted%22%20%281%29.txt`,
    );
    // An HTML upload is still only ever a download.
    expect(download.headers['content-type']).toBe('text/html');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // The stored bytes are never under the user's name.
    expect(filesOnDisk().every((p) => /^[0-9a-f]{32}$/.test(path.basename(p)))).toBe(true);
  });

  it('stores application/octet-stream when the declared type is not a media type', async () => {
    const odd = await alice.upload({ name: 'y', bytes: Buffer.from('y'), type: 'not a type' });
    expect(odd.statusCode).toBe(201);
    expect(odd.json<FileObject>().content_type).toBe('application/octet-stream');
  });

  it('attaches the upload to a content item named in the content field', async () => {
    const item = await createContent(alice);
    const file = await uploadText(alice, 'attached', { content: String(item.id) });
    expect(file.content).toBe(item.id);
    const after = (
      await alice.get(`/api/collections/contents-list/${item.id}/`)
    ).json<ContentItem>();
    expect(after.files).toEqual([file]);
  });

  it('reads the content field whether it comes before or after the file', async () => {
    const item = await createContent(alice);
    const { body, contentType } = multipartBody({ name: 'late.txt', bytes: Buffer.from('late') });
    const boundary = contentType.split('boundary=')[1];
    const closing = `--${boundary}--\r\n`;
    const late = Buffer.concat([
      body.subarray(0, body.length - closing.length),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${item.id}\r\n${closing}`,
      ),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: LIST,
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': contentType },
      payload: late,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<FileObject>().content).toBe(item.id);
  });

  it("refuses another user's or an unknown content item, leaving nothing behind", async () => {
    const bobsItem = await createContent(bob);
    const rowsBefore = await fileRows();
    const diskBefore = filesOnDisk().length;
    for (const content of [String(bobsItem.id), '987654', 'abc']) {
      const res = await alice.upload({ name: 'x.txt', bytes: Buffer.from('x') }, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('content');
    }
    expect(await fileRows()).toBe(rowsBefore);
    expect(filesOnDisk()).toHaveLength(diskBefore);
  });

  it('refuses an upload over UPLOAD_MAX_BYTES with 413, leaving nothing on disk or in the database', async () => {
    const rowsBefore = await fileRows();
    const diskBefore = filesOnDisk().length;
    const res = await alice.upload({
      name: 'big.bin',
      bytes: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 7),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    const much = await alice.upload({
      name: 'huge.bin',
      bytes: Buffer.alloc(UPLOAD_MAX_BYTES * 10),
    });
    expect(much.statusCode).toBe(413);
    expect(await fileRows()).toBe(rowsBefore);
    expect(filesOnDisk()).toHaveLength(diskBefore);
    // Exactly the limit is fine.
    const exact = await alice.upload({ name: 'ok.bin', bytes: Buffer.alloc(UPLOAD_MAX_BYTES, 1) });
    expect(exact.statusCode).toBe(201);
    expect(exact.json<FileObject>().size).toBe(UPLOAD_MAX_BYTES);
  });

  it('needs a file in the file field of a multipart body', async () => {
    const none = await alice.upload(null, { content: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('file');
    const { body, contentType } = multipartBody({
      name: 'x.txt',
      bytes: Buffer.from('x'),
      field: 'attachment',
    });
    const wrongField = await ctx.app.inject({
      method: 'POST',
      url: LIST,
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': contentType },
      payload: body,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toHaveProperty('file');
    const json = await alice.post(LIST, { name: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('refuses two files in one upload, keeping neither', async () => {
    const rowsBefore = await fileRows();
    const diskBefore = filesOnDisk().length;
    const first = multipartBody({ name: 'a.txt', bytes: Buffer.from('a') });
    const boundary = first.contentType.split('boundary=')[1];
    const second = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nb\r\n--${boundary}--\r\n`,
    );
    const body = Buffer.concat([
      first.body.subarray(0, first.body.length - `--${boundary}--\r\n`.length),
      second,
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: LIST,
      headers: { authorization: `Bearer ${alice.access}`, 'content-type': first.contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await fileRows()).toBe(rowsBefore);
    expect(filesOnDisk()).toHaveLength(diskBefore);
  });

  it('needs a signed-in caller to upload', async () => {
    const { body, contentType } = multipartBody({ name: 'x.txt', bytes: Buffer.from('x') });
    const res = await ctx.app.inject({
      method: 'POST',
      url: LIST,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('file objects', () => {
  it('are read, renamed, attached, detached and deleted (bytes too)', async () => {
    const file = await uploadText(alice, 'lifecycle');
    expect((await alice.get(one(file.id))).json()).toEqual(file);
    const item = await createContent(alice);

    const attached = await alice.patch(one(file.id), { content: item.id, name: 'a/b/new.txt' });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toEqual({ ...file, content: item.id, name: 'new.txt' });
    const detached = await alice.patch(one(file.id), { content: null });
    expect(detached.json()).toMatchObject({ content: null, name: 'new.txt' });

    const diskBefore = filesOnDisk().length;
    expect((await alice.delete(one(file.id))).statusCode).toBe(204);
    expect((await alice.get(one(file.id))).statusCode).toBe(404);
    expect((await alice.get(file.url)).statusCode).toBe(404);
    expect(filesOnDisk()).toHaveLength(diskBefore - 1);
  });

  it("refuses to attach a file to another user's or an unknown content item", async () => {
    const file = await uploadText(alice, 'stay');
    const bobsItem = await createContent(bob);
    for (const content of [bobsItem.id, 987_654]) {
      const res = await alice.patch(one(file.id), { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('content');
    }
    expect((await alice.get(one(file.id))).json()).toEqual(file);
    expect((await alice.patch(one(file.id), { name: '   ' })).statusCode).toBe(400);
  });

  it("answers 404 for unknown ids and for another user's file, download included", async () => {
    const bobs = await uploadText(bob, 'bob-private');
    for (const id of [999_999, bobs.id]) {
      expect((await alice.get(one(id))).statusCode).toBe(404);
      expect((await alice.get(`${one(id)}download/`)).statusCode).toBe(404);
      expect((await alice.patch(one(id), { name: 'mine' })).statusCode).toBe(404);
      expect((await alice.delete(one(id))).statusCode).toBe(404);
    }
    expect((await bob.get(bobs.url)).body).toBe('bob-private');
  });

  it('answers 403 for a user filter or user field naming someone else', async () => {
    expect((await alice.get(`${LIST}?user=${bob.id}`)).statusCode).toBe(403);
    const file = await uploadText(alice, 'mine');
    expect((await alice.patch(one(file.id), { user: bob.id })).statusCode).toBe(403);
  });
});

describe('file lists', () => {
  it('filter by content item and hold only the caller’s files, newest first', async () => {
    const user = await signedInCaller(ctx);
    const item = await createContent(user);
    const loose = await uploadText(user, 'loose');
    const a = await uploadText(user, 'a', { content: String(item.id) });
    const b = await uploadText(user, 'b', { content: String(item.id) });
    await uploadText(bob, 'bobs');
    const all = (await user.get(`${LIST}?user=${user.id}`)).json<Paginated<FileObject>>();
    expect(all.results.map((f) => f.id)).toEqual([b.id, a.id, loose.id]);
    const ofItem = (await user.get(`${LIST}?content=${item.id}`)).json<Paginated<FileObject>>();
    expect(ofItem.results.map((f) => f.id)).toEqual([b.id, a.id]);
    const paged = (await user.get(`${LIST}?content=${item.id}&page_size=1`)).json();
    expect(paged.next).toBe(`${LIST}?page=2&page_size=1&content=${item.id}`);
  });
});
