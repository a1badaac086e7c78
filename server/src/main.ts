import path from 'node:path';
import { buildApp, REQUEST_TIMEOUT_MS } from './app';
import { createLogger } from './runtime/logger';
import { ConfigError, loadConfig, type Config } from './config';
import { openPostgres, serverRoot, type DatabaseHandle } from './db/client';
import { openEmbeddedDatabase } from './db/embedded';
import { createMailer } from './mail/mailer';
import { loadOrCreateSecret } from './secret';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './runtime/data-dir-lock';
import { describeError, prepareDataDir, redactUrl } from './runtime/startup';
import { installGracefulShutdown } from './runtime/shutdown';
import { removeAbandonedUploads } from './storage/disk-file-storage';
import type { FileStorage } from './storage/file-storage';
import { defaultFileStorage } from './library/library.plugin';

/** Start-up failures end here: one line on stderr, exit code 1 (docs/operations.md). */
function fail(message: string): never {
  process.stderr.write(`creator-workspace: ${message}\n`);
  process.exit(1);
}

async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    try {
      return await openPostgres(config.databaseUrl);
    } catch (error) {
      fail(`cannot use the database at ${redactUrl(config.databaseUrl)}: ${describeError(error)}`);
    }
  }
  try {
    return await openEmbeddedDatabase(config.dataDir);
  } catch (error) {
    fail(`cannot open the embedded database in ${config.dataDir}: ${describeError(error)}`);
  }
}

/**
 * The file store FILE_STORE names (docs/operations.md), checked before the server listens: a
 * bucket that is missing or refuses the keys is a start-up error, not a failed first upload.
 */
async function openFileStorage(config: Config): Promise<FileStorage & { close?(): void }> {
  const settings = config.fileStore;
  if (settings.kind === 'disk') return defaultFileStorage(config.dataDir);
  // The AWS SDK is loaded only for a bucket: it costs about 20 MB of RSS (bench/README.md,
  // "PGlite memory"), which the embedded default never needs.
  const { S3FileStorage } = await import('./storage/s3-file-storage');
  const storage = S3FileStorage.fromSettings(settings);
  try {
    await storage.check();
  } catch (error) {
    storage.close();
    const where = settings.endpoint ? ` at ${redactUrl(settings.endpoint)}` : '';
    fail(`cannot use the S3 bucket ${settings.bucket}${where}: ${describeS3Error(error)}`);
  }
  return storage;
}

/** The SDK's errors name the S3 code (NotFound, Forbidden…) and the HTTP status. */
function describeS3Error(error: unknown): string {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === 404) return 'no such bucket (create it first).';
  if (status === 403 || status === 401)
    return 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).';
  return describeError(error);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = await createLogger(config.logLevel);

  const problem = prepareDataDir(config.dataDir);
  if (problem) fail(problem);

  // The lock covers both modes: DATA_DIR also holds uploaded files, dev mail and the secret.
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(config.dataDir, 'server');
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`DATA_DIR ${config.dataDir} is not writable: ${describeError(error)}`);
  }
  // Whatever way this process ends from here (fail(), a fatal error), the lock goes with it;
  // after a kill -9 the next start takes the stale lock over.
  process.on('exit', () => lock.release());

  // What an interrupted upload left behind (kill -9, or a stop in the middle of an upload). In
  // S3 an unfinished upload is never an object; a bucket lifecycle rule ends its parts.
  if (config.fileStore.kind === 'disk') {
    const abandoned = await removeAbandonedUploads(
      path.join(config.dataDir, 'files'),
      REQUEST_TIMEOUT_MS,
    );
    if (abandoned > 0)
      logger.info({ removed: abandoned }, 'removed unfinished uploads of an earlier run');
  }

  const fileStorage = await openFileStorage(config);
  const database = await openDatabase(config);

  const secret = loadOrCreateSecret(config.dataDir, config.jwtSecret);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    devMailDir: path.join(config.dataDir, 'mail'),
    logger,
  });
  const webDistDir = path.join(serverRoot(), '..', 'web', 'dist');
  const app = await buildApp({
    config,
    database,
    mailer,
    secret,
    webDistDir,
    fileStorage,
    loggerInstance: logger,
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await database.close();
    if (code === 'EADDRINUSE') fail(`port ${config.port} on ${config.host} is already in use.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      fail(`cannot listen on ${config.host}:${config.port}: no such address on this machine.`);
    }
    fail(`cannot listen on ${config.host}:${config.port}: ${describeError(error)}`);
  }

  installGracefulShutdown({
    logger,
    app,
    steps: [
      { name: 'mailer', run: () => mailer.close() },
      // PGlite: CHECKPOINT, then close; PostgreSQL: end the pool.
      { name: 'database', run: () => database.close() },
      { name: 'file store', run: () => fileStorage.close?.() },
      { name: 'lock', run: () => lock.release() },
    ],
  });
  logger.info(
    { dataDir: config.dataDir, database: database.kind, fileStore: config.fileStore.kind },
    `Creator Workspace is ready on http://${config.host}:${config.port}`,
  );
}

await main();
