import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, FileObject, Paginated } from '@cw/contract';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';
import { avifHeader, gifHeader, jpegHeader, pngImage, webpHeader } from '../../image-fixtures';
import { imageDimensions } from '../../../src/library/shared/image-dimensions';

let ctx: TestContext;
let alice: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInCaller(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

async function upload(name: string, bytes: Buffer, type: string, fields = {}) {
  const res = await alice.upload({ name, bytes, type }, fields);
  expect(res.statusCode).toBe(201);
  return res.json<FileObject>();
}

describe('the width and height of an uploaded image (decision 213)', () => {
  it.each([
    ['photo.png', pngImage(3, 2), 'image/png', 3, 2],
    ['anim.gif', gifHeader(640, 480), 'image/gif', 640, 480],
    ['shot.jpg', jpegHeader(1920, 1080), 'image/jpeg', 1920, 1080],
    ['web.webp', webpHeader(800, 600), 'image/webp', 800, 600],
    ['new.avif', avifHeader(1200, 900), 'image/avif', 1200, 900],
  ])('are recorded and answered for %s', async (name, bytes, type, width, height) => {
    const file = await upload(name, bytes, type);
    expect(file).toMatchObject({ name, width, height });
    // Kept: the file's own answer and its item's list say the same.
    expect((await alice.get(`/api/collections/files/${file.id}/`)).json()).toMatchObject({
      width,
      height,
    });
  });

  it('are read past a JPEG’s large segments, across many chunks of the upload', async () => {
    const file = await upload('big-profile.jpg', jpegHeader(4000, 3000, 300_000), 'image/jpeg');
    expect(file).toMatchObject({ width: 4000, height: 3000 });
  });

  it('go by the bytes, not the declared type', async () => {
    expect(await upload('odd.bin', pngImage(5, 7), 'application/octet-stream')).toMatchObject({
      width: 5,
      height: 7,
    });
    expect(await upload('fake.png', Buffer.from('not a picture'), 'image/png')).toMatchObject({
      width: null,
      height: null,
    });
  });

  it('are null for an SVG, a text and a cut-short image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"/>');
    expect(await upload('logo.svg', svg, 'image/svg+xml')).toMatchObject({
      width: null,
      height: null,
    });
    expect(await upload('a.txt', Buffer.from('hello'), 'text/plain')).toMatchObject({
      width: null,
    });
    const cut = jpegHeader(100, 100, 70_000).subarray(0, 40_000);
    expect(await upload('cut.jpg', cut, 'image/jpeg')).toMatchObject({ width: null, height: null });
  });

  it('come with the files of an item', async () => {
    const item = (
      await alice.post('/api/collections/contents-list/', { title: 'Pictures', content: 'x' })
    ).json<ContentItem>();
    const file = await upload('in-item.png', pngImage(4, 4), 'image/png', {
      content: String(item.id),
    });
    const detail = (
      await alice.get(`/api/collections/contents-list/${item.id}/`)
    ).json<ContentItem>();
    expect(detail.files).toEqual([expect.objectContaining({ id: file.id, width: 4, height: 4 })]);
    const list = (await alice.get(`/api/collections/files/?content=${item.id}`)).json<
      Paginated<FileObject>
    >();
    expect(list.results[0]).toMatchObject({ width: 4, height: 4 });
  });
});

describe('imageDimensions', () => {
  it('swaps the sides of a JPEG turned a quarter by its EXIF orientation', () => {
    // APP1 Exif, big-endian TIFF, one IFD entry: Orientation (0x0112) = 6.
    const tiff = Buffer.from([
      0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00,
      0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    ]);
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(exif.length + 2);
    const jpeg = jpegHeader(400, 300);
    const turned = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xe1]),
      length,
      exif,
      jpeg.subarray(2),
    ]);
    expect(imageDimensions(jpeg)).toEqual({ width: 400, height: 300 });
    expect(imageDimensions(turned)).toEqual({ width: 300, height: 400 });
  });

  it('answers null for anything it cannot read', () => {
    expect(imageDimensions(new Uint8Array())).toBeNull();
    expect(imageDimensions(Buffer.from('GIF89a'))).toBeNull();
  });
});
