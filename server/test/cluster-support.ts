import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
 * database and one S3 bucket (s3rver on loopback): the set-up of docs/operations.md, "Many
 * instances", on one machine. Each instance has its own DATA_DIR (the lock allows one process
 * per directory) and port; all share DATABASE_URL, the bucket and JWT_SECRET.
 */

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

export async function startCluster(adminUrl: string, names: string[]): Promise<Cluster> {
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
