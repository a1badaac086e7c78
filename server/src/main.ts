import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { openPglite, openPostgres, serverRoot, type DatabaseHandle } from './db/client';
import { createMailer } from './mail/mailer';
import { loadOrCreateSecret } from './secret';

function fail(message: string): never {
  process.stderr.write(`creator-workspace: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const logger = pino(loggerOptions(config.logLevel));

  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.accessSync(config.dataDir, fs.constants.W_OK);
  } catch {
    fail(`DATA_DIR ${config.dataDir} is not writable.`);
  }

  let database: DatabaseHandle;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(path.join(config.dataDir, 'db'));
  } catch (error) {
    fail(`cannot open the database: ${(error as Error).message}`);
  }

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
    loggerInstance: logger,
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await database.close();
    if (code === 'EADDRINUSE') fail(`port ${config.port} on ${config.host} is already in use.`);
    fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close(); // stops accepting, finishes requests in flight
    mailer.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

await main();
