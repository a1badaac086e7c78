// A fresh PostgreSQL database per run, created and dropped here, so the bench never touches
// data it did not make.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup, readCpuMs } from './processes';

/** The server the bench creates its database on; BENCH_POSTGRES_URL overrides it. */
export const adminUrl =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  name: string;
  /** CPU time so far of every backend connected to this database, ms by pid (local server). */
  backendCpu(): Promise<Map<number, number>>;
  drop(): Promise<void>;
  /** Leave the database after the run (for a profile): no drop at clean-up. */
  keep(): void;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const name = `cw_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    // WITH (FORCE) ends the connections a killed server may have left (PostgreSQL 13+).
    await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
  };
  const forget = onCleanup(drop);
  const backendCpu = async () => {
    const { rows } = await withAdmin((client) =>
      client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]),
    );
    return new Map(rows.map((row) => [row.pid, readCpuMs(row.pid)]));
  };
  return {
    url: url.toString(),
    name,
    backendCpu,
    drop: async () => {
      await drop();
      forget();
    },
    keep: () => {
      forget();
    },
  };
}
