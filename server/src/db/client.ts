import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type * as NodePostgres from 'drizzle-orm/node-postgres';
import { forDrizzle } from './pglite-parsers';
import * as schema from './schema';

/** The one database type the repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (same query API as Database). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's figures (PostgreSQL only; GET /api/metrics). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, idle among them, and queries waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * The key of the session-level advisory lock that start-up migrations run under, so instances
 * starting together on one PostgreSQL database migrate one at a time (docs/operations.md).
 */
export const MIGRATION_LOCK_KEY = 0x63770001;

/** The server package root, found from this file whether it runs from src/ or a bundle in dist/. */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@cw/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @cw/server package root');
    dir = parent;
  }
}

export const migrationsFolder = (): string => path.join(serverRoot(), 'drizzle');

/**
 * PGlite's defaults, with a 16 MB buffer pool instead of 128 MB: the pool lives in the WASM heap
 * and is touched whole at start (server RSS 349 MB idle with the default, about 240 MB with
 * this; bench/README.md); the data files underneath are cached by the OS anyway.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Embedded PGlite. `dataDir` undefined keeps the database in memory (tests).
 * The caller is responsible for the DATA_DIR lock and the atomic first initialisation
 * (db/embedded.ts does both for the server).
 */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const client = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
  // Once ready, drizzle's per-query parsers are the instance's own, so its queries need not carry
  // them (db/pglite-parsers.ts).
  const forDrizzleClient = await forDrizzle(client);
  const db = drizzlePglite({ client: forDrizzleClient, schema }) as unknown as Database;
  await migratePglite(drizzlePglite({ client: forDrizzleClient, schema }), {
    migrationsFolder: migrationsFolder(),
  });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (client.closed) return;
      // Write every change into the data files, so the next start needs no WAL replay.
      if (dataDir) await client.query('CHECKPOINT');
      await client.close();
    },
  };
}

const POOL_MAX = 10;

/**
 * Runs the migrations on one connection holding MIGRATION_LOCK_KEY: the second of two instances
 * started together waits, then finds the migrations applied (drizzle's migrator alone would let
 * both read "not applied" and the second fail on "already exists").
 */
async function migrateUnderLock(
  pool: pg.Pool,
  drizzlePg: typeof NodePostgres.drizzle,
): Promise<void> {
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  // Loaded only here: the embedded default never needs the driver (bench/README.md, "PGlite
  // memory": each module loaded at start stays in the heap).
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  await migrateUnderLock(pool, drizzlePg);
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
  };
}
