import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Collection, ContentItem, Member } from '@cw/contract';
import {
  CLUSTER_BUCKET,
  callInstance,
  mailedMatch,
  startCluster,
  testRedisUrl,
  type Answer,
  type Cluster,
} from './cluster-support';
import { collabUrl, openDocument, until, type Client } from './collab-support';
import { createS3Client } from '../src/storage/s3-file-storage';
import { zipOf, type Entries } from './import-fixtures';

/**
 * Two real server processes, A and B, on one PostgreSQL database, one S3 bucket (s3rver on
 * loopback) and one Redis, as docs/operations.md ("Many instances") runs them behind a proxy:
 * whatever one instance did, the other knows, and live editors of one document on both see each
 * other's edits and presence. Needs PostgreSQL (TEST_DATABASE_URL, which CI sets; the embedded
 * database allows one process only) and then Redis (TEST_REDIS_URL, default
 * redis://127.0.0.1:6379; CI starts one): without Redis the file fails, saying so. A new case
 * uses `cluster.get('a')`, `stop('a', 'SIGKILL')` and `start('a')`.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  process.stdout.write(
    'multi-instance.test.ts: skipped, it needs PostgreSQL: set TEST_DATABASE_URL (CI does).\n',
  );
}

let cluster: Cluster;
let startedIn = 0;
const redisUrl = testRedisUrl();

/** A JSON call to one instance, from the client address `ip` (X-Forwarded-For, TRUST_PROXY=1). */
const call = (
  instance: string,
  method: string,
  path: string,
  options: { body?: unknown; access?: string; ip?: string } = {},
): Promise<Answer> => callInstance(cluster, instance, method, path, options);

/** The verification code in the newest mail to `email`, whichever instance sent it. */
const mailedCode = (email: string) => mailedMatch(cluster, email, /\b(\d{6})\b/, 'code');

/** Every key in the cluster's bucket. */
async function objectsInBucket(): Promise<string[]> {
  const client = createS3Client(cluster.s3.settings(CLUSTER_BUCKET));
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: CLUSTER_BUCKET }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

const PASSWORD = 'correct horse battery';
let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1)}`;

/** Registers on A, verifies with the mailed code on B: an account and its first sign-in. */
async function newAccount(): Promise<{ email: string; access: string; refresh: string }> {
  const email = `multi-${randomBytes(4).toString('hex')}@example.com`;
  const register = await call('a', 'POST', '/api/auth/register/', {
    body: { first_name: 'Ada', last_name: 'Lovelace', email, password: PASSWORD },
    ip: freshIp(),
  });
  expect(register.status).toBe(201);
  const otp = await mailedCode(email);
  const verified = await call('b', 'POST', '/api/auth/verify-otp/', {
    body: { email, otp },
    ip: freshIp(),
  });
  expect(verified.status).toBe(200);
  const token = verified.body.token as { access: string; refresh: string };
  return { email, ...token };
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL database and one bucket', () => {
  beforeAll(async () => {
    const started = Date.now();
    cluster = await startCluster(adminUrl as string, ['a', 'b'], { redisUrl });
    startedIn = Date.now() - started;
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it('started both at once on a fresh database (migrations under the lock), both ready', async () => {
    expect(startedIn).toBeGreaterThan(0);
    for (const name of ['a', 'b']) {
      expect(await call(name, 'GET', '/api/ready')).toEqual({
        status: 200,
        body: { status: 'ok' },
      });
    }
  });

  it('uses on B a sign-in made on A', async () => {
    const { email } = await newAccount();
    const login = await call('a', 'POST', '/api/auth/login/', {
      body: { email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(login.status).toBe(200);
    const { access } = login.body.token as { access: string };
    const details = await call('b', 'GET', '/api/auth/user-details/', { access });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ email });
  });

  it('downloads from B what was uploaded on A (a multipart-sized file), and B deletes it for A', async () => {
    const { access } = await newAccount();
    const bytes = randomBytes(6 * 1024 * 1024 + 4321);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'big-recording.bin');
    const upload = await fetch(`${cluster.get('a').url}/api/collections/files/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as { id: number; size: number };
    expect(file.size).toBe(bytes.length);

    const download = await fetch(
      `${cluster.get('b').url}/api/collections/files/${file.id}/download/`,
      { headers: { authorization: `Bearer ${access}` } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-length')).toBe(String(bytes.length));
    const received = Buffer.from(await download.arrayBuffer());
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(received)).toBe(sha(bytes));

    expect(
      (await call('b', 'DELETE', `/api/collections/files/${file.id}/`, { access })).status,
    ).toBe(204);
    const gone = await fetch(`${cluster.get('a').url}/api/collections/files/${file.id}/download/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(gone.status).toBe(404);
  });

  it('gives both of two refreshes racing on A and B the same new pair (refresh grace, decision 091)', async () => {
    let { refresh } = await newAccount();
    for (let round = 0; round < 3; round += 1) {
      const [onA, onB] = await Promise.all([
        call('a', 'POST', '/api/auth/refresh-token/', { body: { refresh } }),
        call('b', 'POST', '/api/auth/refresh-token/', { body: { refresh } }),
      ]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      expect(onA.body).toEqual(onB.body);
      const next = onA.body as { access: string; refresh: string };
      expect(next.refresh).not.toBe(refresh);
      // The new pair works on either instance.
      expect(
        (
          await call(round % 2 ? 'a' : 'b', 'GET', '/api/auth/user-details/', {
            access: next.access,
          })
        ).status,
      ).toBe(200);
      refresh = next.refresh;
    }
  });

  it('counts failed logins of A and B together (rate limits in the database)', async () => {
    const { email } = await newAccount();
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const instance = attempt % 2 ? 'b' : 'a';
      const res = await call(instance, 'POST', '/api/auth/login/', {
        body: { email, password: 'wrong-password' },
        ip,
      });
      expect(res.status, `attempt ${attempt + 1} on ${instance}`).toBe(401);
    }
    for (const instance of ['a', 'b']) {
      const blocked = await call(instance, 'POST', '/api/auth/login/', {
        body: { email, password: PASSWORD },
        ip,
      });
      expect(blocked.status, instance).toBe(429);
      expect(blocked.body).toMatchObject({ code: 'throttled' });
    }
    // Another client address is not blocked, on either instance.
    expect(
      (
        await call('b', 'POST', '/api/auth/login/', {
          body: { email, password: PASSWORD },
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
  });
  describe('live co-editing across instances (Redis)', () => {
    const clients: Client[] = [];
    /** A provider on `instance` for item `contentId`, signed in with `access`. */
    const open = (instance: string, contentId: number, access: string) => {
      const client = openDocument(collabUrl(cluster.get(instance).url), contentId, access);
      clients.push(client);
      return client;
    };
    afterAll(() => {
      for (const client of clients) client.destroy();
    });

    async function newItem(access: string, content: string, collections: number[] = []) {
      const res = await call('a', 'POST', '/api/collections/contents-list/', {
        access,
        body: { title: 'Script', content, collections },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as unknown as ContentItem;
    }

    it('two editors on A and B converge on one document, and its text follows', async () => {
      const { access } = await newAccount();
      const item = await newItem(access, 'Hello');
      const onA = open('a', item.id, access);
      const onB = open('b', item.id, access);
      await Promise.all([onA.synced, onB.synced]);
      onA.text.insert(5, ' from A');
      onB.text.insert(0, 'B says: ');
      await until(
        () => onA.text.toString() === onB.text.toString() && onA.text.length > 15,
        'A and B to converge',
      );
      expect(onB.text.toString()).toBe('B says: Hello from A');
      await Promise.all([onA.saved(), onB.saved()]);
      const deadline = Date.now() + 2000;
      let stored = await call('b', 'GET', `/api/collections/contents-list/${item.id}/`, { access });
      while (stored.body.content !== onA.text.toString() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        stored = await call('b', 'GET', `/api/collections/contents-list/${item.id}/`, { access });
      }
      expect(stored.body.content).toBe('B says: Hello from A');
    });

    it('shows on B the presence of an editor on A', async () => {
      const { access } = await newAccount();
      const item = await newItem(access, 'Who is here?');
      const onA = open('a', item.id, access);
      const onB = open('b', item.id, access);
      await Promise.all([onA.synced, onB.synced]);
      onA.provider.setAwarenessField('user', { name: 'Ada on A', color: '#ff8800' });
      const present = () =>
        [...(onB.provider.awareness?.getStates().values() ?? [])].some(
          (state) => (state.user as { name?: string } | undefined)?.name === 'Ada on A',
        );
      await until(present, 'B to see the presence of the editor on A');
    });

    it('brings a REST save on A to an editor on B at once', async () => {
      const { access } = await newAccount();
      const item = await newItem(access, 'Intro\n\nBody\n\nOutro');
      const onB = open('b', item.id, access);
      await onB.synced;
      onB.text.insert(0, '# ');
      await onB.saved();
      const saved = await call('a', 'PATCH', `/api/collections/contents-list/${item.id}/`, {
        access,
        body: { content: '# Intro\n\nNew body\n\nOutro' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const ms = await until(
        () => onB.text.toString().includes('New body'),
        'the editor on B to see the save made on A',
      );
      expect(ms).toBeLessThan(1000);
      expect(onB.text.toString()).toBe('# Intro\n\nNew body\n\nOutro');
    });

    it('closes on B within 1 s the connection of a member removed on A', async () => {
      const owner = await newAccount();
      const member = await newAccount();
      const created = await call('a', 'POST', '/api/collections/list/', {
        access: owner.access,
        body: { name: 'Shared across instances' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const collectionId = (created.body as unknown as Collection).id;
      const invited = await call('a', 'POST', `/api/collections/list/${collectionId}/members/`, {
        access: owner.access,
        body: { email: member.email, role: 'editor' },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      const token = await mailedMatch(
        cluster,
        member.email,
        /\/invitations\/([A-Za-z0-9_-]{43})\b/,
        'invitation link',
      );
      const accepted = await call('b', 'POST', `/api/invitations/${token}/accept/`, {
        access: member.access,
      });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const item = await newItem(owner.access, 'Shared', [collectionId]);
      const onB = open('b', item.id, member.access);
      await onB.synced;
      const memberId = (invited.body as unknown as Member).id;
      const removed = await call(
        'a',
        'DELETE',
        `/api/collections/list/${collectionId}/members/${memberId}/`,
        { access: owner.access },
      );
      expect(removed.status, JSON.stringify(removed.body)).toBe(204);
      const ms = await until(
        () => onB.closed,
        'the removed member’s connection on B to close',
        3000,
      );
      expect(ms).toBeLessThan(1000);
      const again = open('b', item.id, member.access);
      await expect(again.synced).rejects.toThrow('not-found');
    });
  });

  it('a job started on A is taken over by B after A is killed (kill -9), and ends with nothing half-kept', async () => {
    const { access } = await newAccount();
    const objectsBefore = await objectsInBucket();
    const vault: Entries = {};
    const FILES = 600;
    for (let i = 0; i < 6000; i++) {
      const embed = i < FILES ? `\n![[image ${i}.png]]\n` : '';
      vault[`Vault/Folder ${i % 40}/Note ${i}.md`] =
        `---\ntags: [t-${i % 30}]\n---\nNote ${i} #daily\n${embed}`;
      if (i < FILES) vault[`Vault/attachments/image ${i}.png`] = randomBytes(2048);
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await zipOf(vault))]), 'vault.zip');
    const started = await fetch(`${cluster.get('a').url}/api/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}` },
      body: form,
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: number };
    // Kill A in the middle of writing files (after the 40 collections and 6,000 items): some
    // bytes are stored with their rows, some without rows yet. A runs in short slices and is
    // stopped (SIGSTOP) while its progress is read, so what is read is still true when it is
    // killed: checked between a read and a kill, a fast A could finish first (it did once in CI).
    const a = cluster.get('a').process.child;
    for (let seen = false; !seen;) {
      a.kill('SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, 20));
      a.kill('SIGSTOP');
      const job = await call('b', 'GET', `/api/import/${id}/`, { access });
      expect(job.body.status).not.toBe('done');
      seen = job.body.status === 'running' && Number(job.body.processed) > 6040 + 50;
    }
    await cluster.stop('a', 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let job: Answer = await call('b', 'GET', `/api/import/${id}/`, { access });
    while (job.body.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = await call('b', 'GET', `/api/import/${id}/`, { access });
    }
    expect(job.body.status).toBe('failed');
    expect(job.body.errors).toContainEqual({
      path: '',
      message: 'The import was interrupted; nothing of it was kept. Please try again.',
    });
    for (const list of [
      '/api/collections/list/',
      '/api/collections/contents-list/',
      '/api/collections/tags/',
    ]) {
      expect((await call('b', 'GET', list, { access })).body.count, list).toBe(0);
    }
    // Not one object of the import is left in the bucket: not the zip, not a file's bytes.
    expect(await objectsInBucket()).toEqual(objectsBefore);
    await cluster.start('a');
  }, 120_000);
});
