import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How long requests in flight may take to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface ShutdownStep {
  name: string;
  run: () => void | Promise<void>;
}

export interface GracefulShutdownOptions {
  logger: FastifyBaseLogger;
  app: FastifyInstance;
  /** Run in order after the HTTP server has stopped: close the database last but one. */
  steps: ShutdownStep[];
  graceMs?: number;
  exit?: (code: number) => void;
}

/**
 * SIGINT/SIGTERM: stop accepting connections, let requests in flight finish (Fastify closes
 * idle keep-alive connections at once), then run the closing steps (mailer, database
 * checkpoint and close, lock) and exit 0. A second signal while stopping is logged and
 * ignored: interrupting the checkpoint would gain nothing, and a stuck request is cut after
 * the grace period anyway. A step that fails is logged; the exit code is then 1.
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): void {
  const { logger, app, steps } = options;
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'already shutting down; waiting for it to finish');
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: no new requests, finishing those in flight');
    const cutSlowRequests = setTimeout(() => {
      logger.warn(`requests still running after ${graceMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, graceMs);
    cutSlowRequests.unref();

    let code = 0;
    try {
      await app.close();
    } catch (error) {
      code = 1;
      logger.error({ err: error }, 'the HTTP server did not close cleanly');
    }
    clearTimeout(cutSlowRequests);
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        code = 1;
        logger.error({ err: error }, `shutdown step "${step.name}" failed`);
      }
    }
    logger.info({ code }, 'stopped');
    exit(code);
  };

  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
