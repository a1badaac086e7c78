import pino, { type Logger, type LoggerOptions } from 'pino';
import { errorForLog, requestForLog } from '../http/log-serializers';

/** The process logger's options: main.ts's pino, and the tests that read the log. */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  // Request logs without query strings; database errors by code and constraint only.
  serializers: { req: requestForLog, err: errorForLog },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.new_password',
      '*.current_password',
      '*.passwordHash',
      '*.password_hash',
      '*.otp',
      '*.codeHash',
      '*.refresh',
      '*.access',
      '*.token',
      '*.tokenHash',
    ],
    censor: '[redacted]',
  },
});

/**
 * The process logger: readable lines when a person watches a terminal (`npm start`, `npm run
 * dev`), one JSON object per line otherwise (a file, a log collector). pino-pretty formats in
 * this thread: a terminal is slow anyway, and a worker-thread transport would have to resolve
 * the package by name at run time, outside the bundle.
 */
export async function createLogger(
  level: string,
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
): Promise<Logger> {
  const options = loggerOptions(level);
  if (!stream.isTTY) return pino(options, stream);
  const { default: pretty } = await import('pino-pretty');
  return pino(
    options,
    pretty({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      destination: stream,
      sync: true,
    }),
  );
}
