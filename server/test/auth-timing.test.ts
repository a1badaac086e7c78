import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthStore } from '../src/auth/auth-store';
import * as passwords from '../src/auth/passwords';
import type { MailMessage } from '../src/mail/mailer';
import { signedInUser } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { uniqueEmail } from './auth-support';

vi.mock('../src/auth/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const A = '/api/auth';
const PAIRS = 20;
const WARM_UP = 3;
/** "Less than a few ms": generous, since the median of paired differences ignores outliers. */
const BOUND_MS = 5;
/** A mail server as slow as a real one: before the queue, only real accounts waited for it. */
const MAIL_SERVER_MS = 30;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  const outbox = ctx.outbox;
  outbox.send = async (message: MailMessage) => {
    await new Promise((resolve) => setTimeout(resolve, MAIL_SERVER_MS));
    outbox.messages.push(message);
  };
});
afterAll(async () => {
  await ctx.close();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The answer time of one call; the queued mail is sent afterwards, outside the measure. */
async function timed(path: string, email: string, ip: string): Promise<number> {
  const started = performance.now();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${A}/${path}/`,
    payload: { email },
    remoteAddress: ip,
  });
  const elapsed = performance.now() - started;
  expect(res.statusCode).toBe(200);
  await ctx.mailQueue.drain();
  return elapsed;
}

/**
 * The median over interleaved pairs of (time for an address with an account − time for one
 * without), alternating which goes first, so drift in the machine's load cancels out.
 */
async function medianDifference(path: string, withAccount: string[], ip: string) {
  const differences: number[] = [];
  for (let i = 0; i < withAccount.length; i += 1) {
    const known = withAccount[i] ?? '';
    const unknown = uniqueEmail('nobody');
    let knownMs: number;
    let unknownMs: number;
    if (i % 2 === 0) {
      knownMs = await timed(path, known, ip);
      unknownMs = await timed(path, unknown, ip);
    } else {
      unknownMs = await timed(path, unknown, ip);
      knownMs = await timed(path, known, ip);
    }
    if (i >= WARM_UP) differences.push(knownMs - unknownMs);
  }
  return median(differences);
}

describe('timing shows which emails have accounts', () => {
  it('send-otp-reset-password answers as fast for an existing account as for an unknown email', async () => {
    const users = [];
    for (let i = 0; i < PAIRS + WARM_UP; i += 1) users.push((await signedInUser(ctx)).email);
    const difference = await medianDifference('send-otp-reset-password', users, '203.0.113.31');
    expect(Math.abs(difference)).toBeLessThan(BOUND_MS);
    // The accounts did get their mails, after the answers.
    for (const email of users) expect(ctx.outbox.last(email)?.subject).toMatch(/reset your/i);
  });

  it('send-otp answers as fast for an unverified account as for an unknown email', async () => {
    const store = new AuthStore(ctx.database.db);
    const users = [];
    for (let i = 0; i < PAIRS + WARM_UP; i += 1) {
      const user = await store.repos.users.insert({
        email: uniqueEmail('unverified'),
        firstName: 'Un',
        lastName: 'Verified',
        passwordHash: 'not-a-hash',
        createdOn: ctx.clock.now(),
      });
      users.push(user.email);
    }
    const difference = await medianDifference('send-otp', users, '203.0.113.32');
    expect(Math.abs(difference)).toBeLessThan(BOUND_MS);
    for (const email of users) expect(ctx.outbox.last(email)?.subject).toMatch(/verify/i);
  });

  it('register hashes the password for a taken address too, so it is not answered faster', async () => {
    // Register's 400 for a taken address is the contract's own answer; what must not add to it
    // is the time of the argon2 hash (tens of ms) that a new address costs. Counted rather than
    // timed: a new account's own writes make register's answer times differ by a few ms anyway.
    const taken = await signedInUser(ctx);
    vi.mocked(passwords.hashPassword).mockClear();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${A}/register/`,
      payload: { email: taken.email, first_name: 'A', last_name: 'B', password: 'whatever-1' },
      remoteAddress: '203.0.113.33',
    });
    expect(res.statusCode).toBe(400);
    expect(passwords.hashPassword).toHaveBeenCalledTimes(1);
  });
});
