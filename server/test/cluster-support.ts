import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  READY,
  freePort,
  killIfRunning,
  startServer,
  temporaryDir,
  type RunningProcess,
} from './embedded-support';
import { startS3Server, type S3Server } from './s3-support';

/**
 * Several real server processes (src/main.ts, as `npm start` runs it) on one PostgreSQL
 * database, one S3 bucket (s3rver on loopback) and, given `redisUrl`, one Redis: the set-up of
 * docs/operations.md, "Many instances", on one machine. Each instance has its own DATA_DIR (the
 * lock allows one process per directory) and port; all share DATABASE_URL, the bucket,
 * REDIS_URL and JWT_SECRET. Their keys in Redis start with a prefix made from DATABASE_URL, and
 * every cluster has a database of its own, so clusters of parallel test files never hear each
 * other.
 */

/** The Redis of the tests that run many instances (TEST_REDIS_URL; CI starts one). */
export const testRedisUrl = (): string => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Throws, saying what to do, unless Redis answers a PING at `url` within 3 s: a test that needs
 * Redis fails clearly rather than skipping or timing out somewhere else.
 */
export async function requireRedis(url: string): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } catch (error) {
    throw new Error(
      `these tests need Redis at ${url} (set TEST_REDIS_URL, or start one: redis-server ` +
        `--daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no; .ci/run does): ` +
        (error instanceof Error ? error.message : String(error)),
    );
  } finally {
    client.disconnect();
  }
}

export interface Instance {
  name: string;
  url: string;
  dataDir: string;
  process: RunningProcess;
}

export interface Cluster {
  databaseUrl: string;
  s3: S3Server;
  instances: Map<string, Instance>;
  /** The running instance of that name (throws if there is none). */
  get(name: string): Instance;
  /** Starts an instance (again, after `stop`) and waits until it is ready. */
  start(name: string): Promise<Instance>;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); resolves once the process has ended. */
  stop(name: string, signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Every `.eml` the instances' dev mailers wrote (the mail queue is shared: any may send). */
  mails(): string[];
  close(): Promise<void>;
}

export const CLUSTER_BUCKET = 'cw-cluster';
export const CLUSTER_SECRET = 'cluster-secret-'.padEnd(48, 'k');

/** A new database on the server of `adminUrl`, and how to drop it. */
async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cw_cluster_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface ClusterOptions {
  /** Live edits and presence pass between the instances through this Redis (REDIS_URL). */
  redisUrl?: string;
}

export async function startCluster(
  adminUrl: string,
  names: string[],
  options: ClusterOptions = {},
): Promise<Cluster> {
  if (options.redisUrl) await requireRedis(options.redisUrl);
  const s3 = await startS3Server();
  const settings = await s3.createBucket(CLUSTER_BUCKET);
  const database = await createDatabase(adminUrl);
  const instances = new Map<string, Instance>();
  const dataDirs = new Map<string, string>();

  const start = async (name: string): Promise<Instance> => {
    const dataDir = dataDirs.get(name) ?? temporaryDir(`cluster-${name}`);
    dataDirs.set(name, dataDir);
    const port = await freePort();
    const child = startServer({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: CLUSTER_SECRET,
      // Behind the (here imaginary) proxy, the client's address comes from X-Forwarded-For.
      TRUST_PROXY: '1',
      FILE_STORE: 's3',
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_REGION: settings.region,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey ?? '',
      S3_FORCE_PATH_STYLE: '1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // A killed instance's job is taken over within seconds, not two minutes.
      JOB_LEASE_SECONDS: '3',
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    });
    try {
      const [, url] = (await child.waitFor(READY, 60_000)) as unknown as [string, string];
      const instance = { name, url, dataDir, process: child };
      instances.set(name, instance);
      return instance;
    } catch (error) {
      killIfRunning(child);
      throw error;
    }
  };

  const stop = async (name: string, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const instance = instances.get(name);
    if (!instance) return;
    instances.delete(name);
    const { child, exited } = instance.process;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  const cluster: Cluster = {
    databaseUrl: database.url,
    s3,
    instances,
    get(name) {
      const instance = instances.get(name);
      if (!instance) throw new Error(`instance ${name} is not running`);
      return instance;
    },
    start,
    stop,
    mails() {
      return [...dataDirs.values()].flatMap((dir) => {
        const mailDir = path.join(dir, 'mail');
        if (!fs.existsSync(mailDir)) return [];
        return fs
          .readdirSync(mailDir)
          .filter((file) => file.endsWith('.eml'))
          .map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8'));
      });
    },
    async close() {
      for (const name of [...instances.keys()]) await stop(name);
      await database.drop();
      await s3.close();
      for (const dir of dataDirs.values()) fs.rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // Started together: the migrations of a fresh database run once, under the advisory lock.
    await Promise.all(names.map((name) => start(name)));
  } catch (error) {
    await cluster.close().catch(() => undefined);
    throw error;
  }
  return cluster;
}

/* ---- calls to one instance of a cluster ---- */

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A JSON call to instance `name`, from the client address `ip` (X-Forwarded-For: the cluster
 * runs with TRUST_PROXY=1, as behind a proxy).
 */
export async function callInstance(
  cluster: Cluster,
  name: string,
  method: string,
  path: string,
  options: { body?: unknown; access?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-forwarded-for': options.ip ?? '198.51.100.1',
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.access) headers.authorization = `Bearer ${options.access}`;
  const res = await fetch(`${cluster.get(name).url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A mail's text as written: soft line breaks and `=XX` of quoted-printable undone. */
function mailText(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first match of `pattern` in the newest mail to `email`, whichever instance sent it. */
export async function mailedMatch(
  cluster: Cluster,
  email: string,
  pattern: RegExp,
  what: string,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of cluster.mails().reverse()) {
      const split = mail.search(/\r?\n\r?\n/);
      const headers = split === -1 ? mail : mail.slice(0, split);
      const body = split === -1 ? '' : mailText(mail.slice(split));
      if (!headers.toLowerCase().includes(`to: ${email}`)) continue;
      const found = pattern.exec(body)?.[1];
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${what} mailed to ${email}`);
}
