import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { createTestApp, type TestContext } from '../../helpers';
import { signedInCaller, type Caller } from '../../library-helpers';

const QUOTA = 10_000;
const USAGE = '/api/collections/files/usage/';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ storageQuotaBytes: QUOTA });
});
afterAll(async () => {
  await ctx.close();
});

/** Stored bytes on disk (DATA_DIR/files/ab/abcd…), leftovers of unfinished writes included. */
function filesOnDisk(): number {
  const root = path.join(ctx.config.dataDir, 'files');
  if (!fs.existsSync(root)) return 0;
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(root, name)).isFile()).length;
}

const bytes = (size: number) => ({ name: `f${size}.bin`, bytes: Buffer.alloc(size, 1) });

async function usage(caller: Caller) {
  const res = await caller.get(USAGE);
  expect(res.statusCode).toBe(200);
  return res.json<{ used: number; quota: number }>();
}

describe('disk filled: the per-user storage quota', () => {
  it('defaults to 1 GiB (STORAGE_QUOTA_BYTES)', () => {
    expect(loadConfig({}).storageQuotaBytes).toBe(1024 ** 3);
    expect(loadConfig({ STORAGE_QUOTA_BYTES: '5000' }).storageQuotaBytes).toBe(5000);
  });

  it('takes an import of 500 MiB by default (IMPORT_MAX_BYTES), or what the operator sets', () => {
    expect(loadConfig({}).importMaxBytes).toBe(500 * 1024 ** 2);
    expect(loadConfig({ STORAGE_QUOTA_BYTES: String(5 * 1024 ** 3) }).importMaxBytes).toBe(
      500 * 1024 ** 2,
    );
    expect(loadConfig({ IMPORT_MAX_BYTES: String(3 * 1024 ** 3) }).importMaxBytes).toBe(
      3 * 1024 ** 3,
    );
    expect(loadConfig({ IMPORT_MAX_BYTES: '1000' }).importMaxBytes).toBe(1000);
  });

  it('answers the usage of the signed-in caller only', async () => {
    const unsigned = await ctx.app.inject({ method: 'GET', url: USAGE });
    expect(unsigned.statusCode).toBe(401);
    const alice = await signedInCaller(ctx);
    const bob = await signedInCaller(ctx);
    expect(await usage(alice)).toEqual({ used: 0, quota: QUOTA });
    expect((await alice.upload(bytes(4000))).statusCode).toBe(201);
    expect(await usage(alice)).toEqual({ used: 4000, quota: QUOTA });
    expect(await usage(bob)).toEqual({ used: 0, quota: QUOTA });
  });

  it('refuses an upload past the quota with 413 and keeps nothing on disk', async () => {
    const carol = await signedInCaller(ctx);
    const first = await carol.upload(bytes(4000));
    expect(first.statusCode).toBe(201);
    const before = filesOnDisk();

    const tooMuch = await carol.upload(bytes(6001));
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json()).toMatchObject({
      code: 'storage_quota_exceeded',
      message: expect.any(String),
      detail: expect.any(String),
    });
    expect(filesOnDisk()).toBe(before);
    expect(await usage(carol)).toEqual({ used: 4000, quota: QUOTA });

    expect((await carol.upload(bytes(6000))).statusCode).toBe(201);
    const full = await carol.upload(bytes(1));
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({ code: 'storage_quota_exceeded' });
    expect(filesOnDisk()).toBe(before + 1);

    // Deleting gives the room back.
    expect(
      (await carol.delete(`/api/collections/files/${first.json<{ id: number }>().id}/`)).statusCode,
    ).toBe(204);
    expect(await usage(carol)).toEqual({ used: 6000, quota: QUOTA });
    expect((await carol.upload(bytes(4000))).statusCode).toBe(201);
  });

  it('never lets concurrent uploads add up past the quota', async () => {
    const dave = await signedInCaller(ctx);
    const before = filesOnDisk();
    const answers = await Promise.all(Array.from({ length: 6 }, () => dave.upload(bytes(3000))));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    expect(await usage(dave)).toEqual({ used: 9000, quota: QUOTA });
    expect(filesOnDisk()).toBe(before + 3);
  });
});
