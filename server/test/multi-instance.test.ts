import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { CLUSTER_BUCKET, startCluster, type Cluster } from './cluster-support';
import { createS3Client } from '../src/storage/s3-file-storage';
import { zipOf, type Entries } from './import-fixtures';

/**
 * Two real server processes, A and B, on one PostgreSQL database and one S3 bucket (s3rver on
 * loopback), as docs/operations.md ("Many instances") runs them behind a proxy: whatever one
 * instance did, the other knows. Needs PostgreSQL (TEST_DATABASE_URL, which CI sets); the
 * embedded database allows one process only. A new case uses `cluster.get('a')`, `stop('a',
 * 'SIGKILL')` and `start('a')`.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  process.stdout.write(
    'multi-instance.test.ts: skipped, it needs PostgreSQL: set TEST_DATABASE_URL (CI does).\n',
  );
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

let cluster: Cluster;
let startedIn = 0;

/** A JSON call to one instance, from the client address `ip` (X-Forwarded-For, TRUST_PROXY=1). */
async function call(
  instance: string,
  method: string,
  path: string,
  options: { body?: unknown; access?: string; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '198.51.100.1' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.access) headers.authorization = `Bearer ${options.access}`;
  const res = await fetch(`${cluster.get(instance).url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The verification code in the newest mail to `email`, whichever instance sent it. */
async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of cluster.mails()) {
      const split = mail.search(/\r?\n\r?\n/);
      const headers = split === -1 ? mail : mail.slice(0, split);
      const body = split === -1 ? '' : mail.slice(split);
      if (!headers.toLowerCase().includes(`to: ${email}`)) continue;
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

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
    cluster = await startCluster(adminUrl as string, ['a', 'b']);
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
