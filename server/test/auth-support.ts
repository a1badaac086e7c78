import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { deriveKey } from '../src/auth/tokens';
import { TEST_SECRET, type TestContext } from './helpers';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, unknown>;
}

/** No answer may ever carry a password hash, a stack trace or SQL. */
export function expectNothingLeaked(text: string): void {
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toMatch(/password_?hash/i);
  expect(text).not.toMatch(/\bat .+:\d+:\d+\)?/); // stack frames
  expect(text).not.toMatch(
    /failed query|\bselect\s.+\sfrom\s+"|\binsert into\s+"|\bdelete from\s+"|\bupdate\s+"\w+"\s+set\b/i,
  );
}

/**
 * One API call through the real HTTP layer; every answer is checked for leaks. Then the mail
 * queue is drained, so the outbox holds what the call queued, as an inbox would a moment later
 * (tests of the queue itself use `ctx.app.inject`).
 */
export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await ctx.app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  await ctx.mailQueue.drain();
  expectNothingLeaked(res.body);
  let body: unknown = undefined;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}

export const uniqueEmail = (label = 'person') =>
  `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** A JWT signed with the test server's real key, with claims of the test's choosing. */
export async function forgeToken(claims: {
  typ?: string;
  sub?: string;
  exp?: number;
  fam?: string;
  issuer?: string;
}): Promise<string> {
  const key = new Uint8Array(deriveKey(TEST_SECRET, 'jwt'));
  const jwt = new SignJWT({
    typ: claims.typ ?? 'access',
    ...(claims.fam ? { fam: claims.fam } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub ?? '1')
    .setIssuer(claims.issuer ?? 'creator-workspace')
    .setIssuedAt()
    .setJti(randomBytes(8).toString('hex'))
    .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600);
  return jwt.sign(key);
}

/** Registers (no verification); the verification code is in the outbox. */
export async function registerOnly(
  ctx: TestContext,
  overrides: { email?: string; password?: string; first_name?: string; ip?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const res = await call(ctx, 'POST', '/api/auth/register/', {
    body: { first_name: overrides.first_name ?? 'Ada', last_name: 'Lovelace', email, password },
    ...(overrides.ip ? { ip: overrides.ip } : {}),
  });
  expect(res.status).toBe(201);
  return { email: email.trim().toLowerCase(), password };
}
