import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { stream, text: () => chunks.join('') };
}

describe('the process logger', () => {
  it('writes readable lines to a terminal', async () => {
    const out = capture(true);
    const logger = await createLogger('info', out.stream);
    logger.info({ dataDir: './data' }, 'Creator Workspace is ready');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.text()).toMatch(/INFO.*Creator Workspace is ready/);
    expect(out.text()).not.toMatch(/^\{/);
  });

  it('writes one JSON object per line anywhere else', async () => {
    const out = capture(false);
    const logger = await createLogger('info', out.stream);
    logger.info('Creator Workspace is ready');
    logger.flush();
    await new Promise((resolve) => setImmediate(resolve));
    const line = JSON.parse(out.text().trim()) as { level: number; msg: string };
    expect(line).toMatchObject({ level: 30, msg: 'Creator Workspace is ready' });
  });
});
