import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from './support/mail-catcher';
import { paths } from './support/paths';
import { startProductServer } from './support/product-server';

/**
 * Before any test: a real SMTP catcher, then the production server started as `npm start`
 * does, on a fresh DATA_DIR. Workers learn the addresses through the environment (Playwright
 * starts them after this returns, with this process's environment). The returned function is
 * the teardown: stop the server, the catcher, and remove the data directory.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(paths.screenshots, { recursive: true, force: true });
  fs.mkdirSync(paths.screenshots, { recursive: true });

  const mail = await startMailCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-e2e-data-'));
  let server;
  try {
    server = await startProductServer(
      {
        repoRoot: paths.repoRoot,
        smtpUrl: mail.smtpUrl,
        logFile: paths.serverLog,
        startTimeoutMs: 5 * 60_000,
      },
      dataDir,
    );
  } catch (error) {
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_INBOX_URL = mail.inboxUrl;
  process.stdout.write(
    `e2e: product at ${server.baseUrl} (DATA_DIR ${dataDir}), SMTP catcher at ${mail.smtpUrl}, ` +
      `server log in ${path.relative(process.cwd(), paths.serverLog)}\n`,
  );

  return async () => {
    await server.stop();
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
