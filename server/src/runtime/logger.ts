import pino, { type Logger } from 'pino';
import { loggerOptions } from '../app';

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
