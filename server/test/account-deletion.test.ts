import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Collection, ContentItem, FileObject, ImportJob } from '@cw/contract';
import { jobs } from '../src/db/schema';
import { mailJobsTo, QueuedMails } from '../src/mail/mail-queue';
import { createTestApp, type TestContext } from './helpers';
import { PNG, zipOf } from './import-fixtures';
import { multipartBody, signedInCaller, type Caller } from './library-helpers';
import { invite, share } from './sharing-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

const DELETE_ACCOUNT = '/api/auth/delete-account/';

function filesOnDisk(): string[] {
  const root = path.join(ctx.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.endsWith('tmp'))
    .map((entry) => entry.name);
}

/** Rows of `table` that name the user in `column`. */
async function rowsOf(table: string, column: string, userId: number): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function libraryOf(caller: Caller) {
  const collection = (
    await caller.post('/api/collections/list/', { name: 'Mine' })
  ).json<Collection>();
  const item = (
    await caller.post('/api/collections/contents-list/', {
      title: 'Mine',
      content: 'words',
      collections: [collection.id],
    })
  ).json<ContentItem>();
  await caller.post(`/api/collections/notes/?collection=${collection.id}`, {
    title: 'n',
    content: 'n',
  });
  await caller.post('/api/collections/tags/', { name: 'mine' });
  const upload = await caller.upload(
    { name: 'mine.txt', bytes: Buffer.from('mine'), type: 'text/plain' },
    { content: String(item.id) },
  );
  expect(upload.statusCode, upload.body).toBe(201);
  return { collection, item, file: upload.json<FileObject>() };
}

describe('POST delete-account/', () => {
  it('deletes every row and stored file of the user, ends their tokens and frees the email', async () => {
    const alice = await signedInCaller(ctx);
    const bob = await signedInCaller(ctx);
    const carol = await signedInCaller(ctx);
    const mine = await libraryOf(alice);
    const bobs = await libraryOf(bob);
    // Alice shares hers with Bob, is a member of Bob's, and has invited Carol to Bob's? No: only
    // owners invite. She invites Carol to her own (pending) and to nothing else.
    await share(ctx, alice, mine.collection.id, bob, 'editor');
    await share(ctx, bob, bobs.collection.id, alice, 'viewer');
    await invite(ctx, alice, mine.collection.id, carol, 'viewer');
    // Alice trashes something: the trash goes too.
    await alice.delete(`/api/collections/contents-list/${mine.item.id}/`);
    const diskBefore = filesOnDisk().length;
    // A code mail to her still waiting: the mail worker stands still until she is gone.
    await ctx.mailQueue.stop();
    await new QueuedMails(ctx.database.db).enqueue({
      recipient: alice.email,
      purpose: 'login',
      at: ctx.clock.now(),
    });

    const wrong = await alice.post(DELETE_ACCOUNT, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'Password is incorrect.' });
    expect((await alice.get('/api/auth/user-details/')).statusCode).toBe(200);

    const res = await alice.post(DELETE_ACCOUNT, { password: alice.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted.' });

    // Tokens: the access token at once, the refresh token too.
    const after = await alice.get('/api/auth/user-details/');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'token_not_valid' });
    expect((await alice.get('/api/collections/list/')).statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token/',
      payload: { refresh: alice.refresh },
    });
    expect(refreshed.statusCode).toBe(401);

    // Rows: nothing names her any more.
    for (const [table, column] of [
      ['users', 'id'],
      ['collections', 'user_id'],
      ['contents', 'user_id'],
      ['notes', 'user_id'],
      ['tags', 'user_id'],
      ['files', 'user_id'],
      ['refresh_tokens', 'user_id'],
      ['one_time_codes', 'user_id'],
      ['collection_members', 'user_id'],
      ['collection_members', 'invited_by'],
    ] as const) {
      expect(await rowsOf(table, column, alice.id), `${table}.${column}`).toBe(0);
    }
    const pending = await ctx.database.db.execute(
      sql`select count(*)::int as n from collection_members where email = ${carol.email}`,
    );
    expect((pending as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const buckets = await ctx.database.db.execute(
      sql`select count(*)::int as n from rate_limit_buckets where key like ${`%${alice.email}%`}`,
    );
    expect((buckets as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(await ctx.database.db.select().from(jobs).where(mailJobsTo(alice.email))).toEqual([]);
    ctx.mailQueue.start();
    // Her stored file (in the trash) is gone from disk; Bob's stays.
    expect(filesOnDisk()).toHaveLength(diskBefore - 1);
    const bobsFile = await bob.get(`/api/collections/files/${bobs.file.id}/download/`);
    expect(bobsFile.statusCode).toBe(200);
    // Bob lost access to her collection and kept his own, without her membership.
    expect((await bob.get(`/api/collections/list/${mine.collection.id}/`)).statusCode).toBe(404);
    const members = await bob.get(`/api/collections/list/${bobs.collection.id}/members/`);
    expect(members.json<{ email: string }[]>().map((m) => m.email)).toEqual([bob.email]);

    // The email can register again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: { first_name: 'A', last_name: 'B', email: alice.email, password: 'another-pw' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('removes the uploaded zip of an import still queued, with the job', async () => {
    const erin = await signedInCaller(ctx);
    // The worker stands still, so the import stays queued (as behind a long import elsewhere).
    await ctx.jobs.stop();
    try {
      const diskBefore = filesOnDisk().length;
      const zip = await zipOf({ 'Vault/a.md': 'hello ![[a.png]]', 'Vault/a.png': PNG });
      const { body, contentType } = multipartBody({
        name: 'vault.zip',
        bytes: zip,
        type: 'application/zip',
      });
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/import/',
        headers: { ...erin.auth, 'content-type': contentType },
        payload: body,
      });
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json<ImportJob>().status).toBe('queued');
      expect(filesOnDisk()).toHaveLength(diskBefore + 1);

      const res = await erin.post(DELETE_ACCOUNT, { password: erin.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(filesOnDisk()).toHaveLength(diskBefore);
      expect(await rowsOf('jobs', 'user_id', erin.id)).toBe(0);
    } finally {
      ctx.jobs.start();
    }
  });

  it('is rate-limited like update-password and needs a token', async () => {
    const dave = await signedInCaller(ctx);
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await dave.post(DELETE_ACCOUNT, { password: `wrong-${i}` })).statusCode;
    }
    expect(last).toBe(429);
    expect((await dave.get('/api/auth/user-details/')).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: DELETE_ACCOUNT,
      payload: { password: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await dave.post(DELETE_ACCOUNT, {})).statusCode).toBe(400);
  });
});
