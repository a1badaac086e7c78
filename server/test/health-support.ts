import { expect } from 'vitest';
import type { TestContext } from './helpers';

/**
 * The slowest /api/health answer while `work` runs, asked 10 ms after each answer; the wait
 * counts too (less its 10 ms), so a stall between two questions is measured as well.
 */
export async function slowestHealthWhile(
  context: TestContext,
  work: Promise<unknown>,
): Promise<number> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  let slowest = 0;
  while (!done) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const answer = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    slowest = Math.max(slowest, performance.now() - asked - 10);
  }
  await finished;
  return slowest;
}
