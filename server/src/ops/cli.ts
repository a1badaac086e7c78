import { ConfigError, loadConfig, type Config } from '../config';
import { DataDirLockedError } from '../runtime/data-dir-lock';
import { describeError } from '../runtime/startup';
import { OpsError } from './archive';

/**
 * Shared frame of the `npm run backup` / `npm run restore` commands: paths are read from where
 * the person typed the command (npm runs a workspace script inside server/, and tells the
 * original directory in INIT_CWD), and every expected failure is one line on stderr with exit
 * code 1.
 */
export async function runCommand(name: string, body: (config: Config) => Promise<string>) {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  try {
    const config = loadConfig();
    process.stdout.write(`${await body(config)}\n`);
  } catch (error) {
    const message =
      error instanceof ConfigError || error instanceof OpsError
        ? error.message
        : error instanceof DataDirLockedError
          ? `${error.message} ${name} runs only while the server is stopped.`
          : `${name} failed: ${describeError(error)}`;
    process.stderr.write(`creator-workspace ${name}: ${message}\n`);
    process.exitCode = 1;
  }
}
