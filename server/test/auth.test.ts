import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, refreshTokens, users } from '../src/db/schema';
import { signedInUser } from './factories';
import { createTestApp, type TestContext } from './helpers';
import { call, forgeToken, registerOnly, uniqueEmail } from './auth-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const A = '/api/auth';

async function userRow(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}
async function countUsers() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
/** A six-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST register/', () => {
  it('creates an unverified free-trial account and mails a verification code', async () => {
    const email = uniqueEmail('new');
    const res = await call(ctx, 'POST', `${A}/register/`, {
      body: {
        first_name: ' Ada ',
        last_name: 'Lovelace',
        email: `  ${email.toUpperCase()} `,
        password: 'secret1',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'User registered successfully' });
    const row = await userRow(email);
    expect(row).toMatchObject({
      email,
      firstName: 'Ada',
      isVerified: false,
      isMfaActivated: false,
      onFreeTrial: true,
    });
    const mail = ctx.outbox.last(email);
    expect(mail?.subject).toMatch(/verify your email/i);
    expect(mail?.subject).toContain('Creator Workspace');
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.html).toContain(ctx.outbox.lastCode(email));
    expect(mail?.devLogLine).toBe(`code ${ctx.outbox.lastCode(email)}`);
  });

  it('does not repeat names typed at registration in mail to the address until it is verified (attacker text in our mail)', async () => {
    const hostile = 'there. SECURITY ALERT: restore your account at https://evil.example/restore';
    const { email } = await registerOnly(ctx, { first_name: hostile });
    const mail = ctx.outbox.last(email);
    expect(mail?.text.startsWith('Hi,')).toBe(true);
    for (const body of [mail?.text, mail?.html]) {
      expect(body).not.toContain('SECURITY ALERT');
      expect(body).not.toContain('evil.example');
    }
    // Once the owner has entered a code, the name is theirs and the mails greet with it.
    const verified = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email, otp: ctx.outbox.lastCode(email) },
    });
    expect(verified.status).toBe(200);
    await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: verified.body.token.access,
      body: { first_name: 'Ada' },
    });
    await call(ctx, 'POST', `${A}/send-otp-reset-password/`, { body: { email } });
    expect(ctx.outbox.last(email)?.text.startsWith('Hi Ada,')).toBe(true);
  });

  it('stores the password only as an argon2id hash at the contract cost', async () => {
    const { email, password } = await registerOnly(ctx);
    const row = await userRow(email);
    expect(row?.passwordHash).not.toContain(password);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('stores the one-time code only as a keyed hash', async () => {
    const { email } = await registerOnly(ctx);
    const code = ctx.outbox.lastCode(email);
    const row = await userRow(email);
    const codes = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, row!.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]?.purpose).toBe('verify_email');
    expect(codes[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(codes[0]?.codeHash).not.toContain(code);
  });

  it('refuses an email that is already registered, whatever its case, and changes nothing', async () => {
    const { email } = await registerOnly(ctx);
    const before = await countUsers();
    const res = await call(ctx, 'POST', `${A}/register/`, {
      body: {
        first_name: 'Other',
        last_name: 'Person',
        email: email.toUpperCase(),
        password: 'another1',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid',
      message: 'A user with this email already exists.',
      errors: { email: ['A user with this email already exists.'] },
    });
    expect(await countUsers()).toBe(before);
    expect((await userRow(email))?.firstName).toBe('Ada');
  });

  it('answers field errors for a short password, a bad email and blank names', async () => {
    const res = await call(ctx, 'POST', `${A}/register/`, {
      body: { first_name: '  ', last_name: '', email: 'not-an-email', password: '12345' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid');
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.detail).toBe(res.body.message);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['email', 'first_name', 'last_name', 'password'].sort(),
    );
    expect(res.body.errors.password).toEqual(['Password must be at least 6 characters.']);
  });

  it('refuses a password over 128 characters and an email over 254', async () => {
    const res = await call(ctx, 'POST', `${A}/register/`, {
      body: {
        first_name: 'A',
        last_name: 'B',
        email: `${'a'.repeat(250)}@example.com`,
        password: 'x'.repeat(129),
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password']);
  });

  it('registers while the mail server is down, and mails the code once it is back', async () => {
    const email = uniqueEmail('nomail');
    const send = ctx.outbox.send;
    ctx.outbox.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await call(ctx, 'POST', `${A}/register/`, {
        body: { first_name: 'No', last_name: 'Mail', email, password: 'secret1' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: 'User registered successfully' });
    } finally {
      ctx.outbox.send = send;
    }
    const row = await userRow(email);
    expect(row?.isVerified).toBe(false);
    // The failed try left no code behind; the mail waits for its next try.
    const codes = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, row?.id ?? 0));
    expect(codes).toHaveLength(0);
    expect(ctx.outbox.last(email)).toBeUndefined();
    ctx.clock.advance(5 * SECOND);
    await ctx.mailQueue.drain();
    const verified = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email, otp: ctx.outbox.lastCode(email) },
    });
    expect(verified.status).toBe(200);
  });
});

describe('POST login/', () => {
  it('gives tokens to a verified user without MFA', async () => {
    const u = await signedInUser(ctx);
    const res = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: { access: expect.any(String), refresh: expect.any(String) },
      verified: true,
      mfa_status: false,
      message: 'Login successful',
    });
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: res.body.token.access });
    expect(me.body.email).toBe(u.email);
  });

  it('mails a verification code and gives no token to an unverified user', async () => {
    const { email, password } = await registerOnly(ctx);
    const firstCode = ctx.outbox.lastCode(email);
    ctx.clock.advance(31 * SECOND); // past the resend cool-down of the registration mail
    const res = await call(ctx, 'POST', `${A}/login/`, { body: { email, password } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verified: false,
      mfa_status: false,
      message: 'OTP sent to your email.',
    });
    expect(ctx.outbox.last(email)?.subject).toMatch(/verify your email/i);
    const code = ctx.outbox.lastCode(email);
    // Only the newest code counts.
    if (code !== firstCode) {
      const old = await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: firstCode } });
      expect(old.status).toBe(400);
    }
    const ok = await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: code } });
    expect(ok.status).toBe(200);
    expect((await userRow(email))?.isVerified).toBe(true);
  });

  it('lets an unverified user sign in again within the resend cool-down, keeping the code already mailed', async () => {
    const { email, password } = await registerOnly(ctx);
    const mailed = ctx.outbox.messages.length;
    const code = ctx.outbox.lastCode(email);
    const res = await call(ctx, 'POST', `${A}/login/`, { body: { email, password } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verified: false,
      mfa_status: false,
      message: 'OTP sent to your email.',
    });
    expect(ctx.outbox.messages.length).toBe(mailed);
    const ok = await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: code } });
    expect(ok.status).toBe(200);
  });

  it('still refuses a wrong password within the cool-down', async () => {
    const { email } = await registerOnly(ctx);
    const res = await call(ctx, 'POST', `${A}/login/`, {
      body: { email, password: 'not-the-password' },
    });
    expect(res.status).toBe(401);
  });

  it('sends a sign-in code instead of tokens when MFA is on, and verify-otp finishes the sign-in', async () => {
    const u = await signedInUser(ctx);
    const on = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: true },
    });
    expect(on.body.is_mfa_activated).toBe(true);
    const res = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: u.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      verified: true,
      mfa_status: true,
      message: 'OTP sent to your email.',
    });
    expect(res.body.token).toBeUndefined();
    const mail = ctx.outbox.last(u.email);
    expect(mail?.subject).toMatch(/sign-in code/i);
    const verified = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: u.email, otp: ctx.outbox.lastCode(u.email) },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      message: 'OTP verified successfully!',
      token: { access: expect.any(String), refresh: expect.any(String) },
    });
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: verified.body.token.access });
    expect(me.body.id).toBe(u.id);
  });

  it('answers 401 with one sentence for a wrong password and for an unknown email', async () => {
    const u = await signedInUser(ctx);
    const wrong = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: 'wrong-password' },
    });
    const unknown = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: uniqueEmail('ghost'), password: 'whatever1' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        detail: 'Invalid email or password.',
        message: 'Invalid email or password.',
      });
      expect(res.body.token).toBeUndefined();
    }
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 400 with field errors for a malformed login', async () => {
    const res = await call(ctx, 'POST', `${A}/login/`, { body: { email: 'nope' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password']);
  });
});

describe('POST verify-otp/', () => {
  it('refuses a wrong code with "Invalid or expired OTP." and a code for an unknown email alike', async () => {
    const { email } = await registerOnly(ctx);
    const code = ctx.outbox.lastCode(email);
    const wrong = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email, otp: otherCode(code) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Invalid or expired OTP.',
      detail: 'Invalid or expired OTP.',
    });
    const unknown = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: uniqueEmail('ghost'), otp: code },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
    expect((await userRow(email))?.isVerified).toBe(false);
  });

  it('accepts a code once only', async () => {
    const { email } = await registerOnly(ctx);
    const code = ctx.outbox.lastCode(email);
    expect(
      (await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: code } })).status,
    ).toBe(200);
    const again = await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: code } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid or expired OTP.');
  });

  it('refuses a code older than 10 minutes', async () => {
    const { email } = await registerOnly(ctx);
    const code = ctx.outbox.lastCode(email);
    ctx.clock.advance(10 * MINUTE + SECOND);
    const res = await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: code } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired OTP.');
  });

  it('voids a code after five wrong tries, even when the right one comes next', async () => {
    const { email } = await registerOnly(ctx);
    const code = ctx.outbox.lastCode(email);
    for (let i = 0; i < 5; i += 1) {
      const res = await call(ctx, 'POST', `${A}/verify-otp/`, {
        body: { email, otp: otherCode(code) },
      });
      expect(res.status).toBe(400);
    }
    const right = await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: code } });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Invalid or expired OTP.');
    expect((await userRow(email))?.isVerified).toBe(false);
  });

  it('still accepts the right code after four wrong tries', async () => {
    const { email } = await registerOnly(ctx);
    const code = ctx.outbox.lastCode(email);
    for (let i = 0; i < 4; i += 1) {
      await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: otherCode(code) } });
    }
    const right = await call(ctx, 'POST', `${A}/verify-otp/`, { body: { email, otp: code } });
    expect(right.status).toBe(200);
  });

  it('does not accept a password-reset code', async () => {
    const u = await signedInUser(ctx);
    await call(ctx, 'POST', `${A}/send-otp-reset-password/`, { body: { email: u.email } });
    const res = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: u.email, otp: ctx.outbox.lastCode(u.email) },
    });
    expect(res.status).toBe(400);
  });

  it('answers field errors for a code that is not six digits', async () => {
    const res = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: uniqueEmail(), otp: '12ab' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.otp).toEqual(['Enter the 6-digit code.']);
  });
});

describe('POST send-otp/', () => {
  it('mails a new code to an unverified account once the cool-down has passed', async () => {
    const { email } = await registerOnly(ctx);
    const mails = ctx.outbox.messages.length;
    ctx.clock.advance(31 * SECOND);
    const res = await call(ctx, 'POST', `${A}/send-otp/`, { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'If the account exists, a code has been sent.' });
    expect(ctx.outbox.messages.length).toBe(mails + 1);
    const ok = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email, otp: ctx.outbox.lastCode(email) },
    });
    expect(ok.status).toBe(200);
  });

  it('answers the same and mails nothing for a verified account or an unknown address', async () => {
    const u = await signedInUser(ctx);
    const mails = ctx.outbox.messages.length;
    const verified = await call(ctx, 'POST', `${A}/send-otp/`, { body: { email: u.email } });
    const unknown = await call(ctx, 'POST', `${A}/send-otp/`, {
      body: { email: uniqueEmail('ghost') },
    });
    expect(verified.status).toBe(200);
    expect(unknown.body).toEqual(verified.body);
    expect(ctx.outbox.messages.length).toBe(mails);
  });

  it('refuses a second code within 30 seconds with 429 and Retry-After, for any address', async () => {
    const { email } = await registerOnly(ctx); // the registration mail started the cool-down
    const soon = await call(ctx, 'POST', `${A}/send-otp/`, { body: { email } });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('throttled');
    const retry = Number(soon.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(30);
    const ghost = uniqueEmail('ghost');
    expect((await call(ctx, 'POST', `${A}/send-otp/`, { body: { email: ghost } })).status).toBe(
      200,
    );
    expect((await call(ctx, 'POST', `${A}/send-otp/`, { body: { email: ghost } })).status).toBe(
      429,
    );
    ctx.clock.advance(30 * SECOND);
    expect((await call(ctx, 'POST', `${A}/send-otp/`, { body: { email } })).status).toBe(200);
  });

  it('answers 400 for a bad email', async () => {
    const res = await call(ctx, 'POST', `${A}/send-otp/`, { body: { email: 'bad' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toEqual(['Enter a valid email address.']);
  });
});

describe('POST verify-token/ and token types', () => {
  it('answers {} for a valid access token', async () => {
    const u = await signedInUser(ctx);
    const res = await call(ctx, 'POST', `${A}/verify-token/`, { body: { token: u.access } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('refuses a refresh token, a tampered, an expired, an unsigned and a foreign token', async () => {
    const u = await signedInUser(ctx);
    const [head, payload, signature] = u.access.split('.');
    const tamperedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        sub: '999999',
      }),
    ).toString('base64url');
    const unsignedHead = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const bad = [
      u.refresh,
      `${head}.${tamperedPayload}.${signature}`,
      `${u.access.slice(0, -2)}xx`,
      `${unsignedHead}.${payload}.`,
      await forgeToken({ sub: String(u.id), exp: Math.floor(Date.now() / 1000) - 10 }),
      await forgeToken({ sub: String(u.id), typ: 'refresh' }),
      await forgeToken({ sub: String(u.id), issuer: 'someone-else' }),
      await forgeToken({ sub: '987654' }), // well signed, but no such account
      'not-a-jwt',
    ];
    for (const token of bad) {
      const res = await call(ctx, 'POST', `${A}/verify-token/`, { body: { token } });
      expect(res.status, token).toBe(401);
      expect(res.body.code).toBe('token_not_valid');
    }
  });

  it('never takes a refresh token as a bearer token, nor an access token as a refresh token', async () => {
    const u = await signedInUser(ctx);
    const asBearer = await call(ctx, 'GET', `${A}/user-details/`, { token: u.refresh });
    expect(asBearer.status).toBe(401);
    expect(asBearer.body.code).toBe('token_not_valid');
    const asRefresh = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: u.access },
    });
    expect(asRefresh.status).toBe(401);
    expect(asRefresh.body.code).toBe('token_not_valid');
  });

  it('answers 400 for a missing token', async () => {
    const res = await call(ctx, 'POST', `${A}/verify-token/`, { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors.token).toBeDefined();
  });
});

describe('POST refresh-token/', () => {
  it('rotates: a new pair each time, both working', async () => {
    const u = await signedInUser(ctx);
    const res = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(res.body.refresh).not.toBe(u.refresh);
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: res.body.access });
    expect(me.body.id).toBe(u.id);
    const next = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: res.body.refresh },
    });
    expect(next.status).toBe(200);
  });

  it('stores refresh tokens only as hashes', async () => {
    const u = await signedInUser(ctx);
    const rows = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, u.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(u.refresh).not.toContain(row.tokenHash);
    }
  });

  it('gives two refreshes with the same token within 30 seconds the same new pair (two tabs log the person out)', async () => {
    const u = await signedInUser(ctx);
    const first = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    ctx.clock.advance(29 * SECOND);
    const second = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: second.body.access });
    expect(me.body.id).toBe(u.id);
    // The sign-in goes on: the shared new refresh token rotates as usual.
    const next = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: second.body.refresh },
    });
    expect(next.status).toBe(200);
  });

  it('gives two truly concurrent refreshes with the same token the same new pair', async () => {
    const u = await signedInUser(ctx);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect(answers[2]?.body).toEqual(answers[0]?.body);
    const rows = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, u.id));
    // One rotation: the first token and its one successor.
    expect(rows).toHaveLength(2);
    const next = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: answers[0]?.body.refresh },
    });
    expect(next.status).toBe(200);
  });

  it('keeps the pair of the grace only sealed, never in clear', async () => {
    const u = await signedInUser(ctx);
    const res = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    const rows = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, u.id));
    const stored = JSON.stringify(rows);
    for (const secret of [u.refresh, res.body.refresh, res.body.access]) {
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(secret.split('.')[2]);
    }
    const rotated = rows.find((row) => row.rotatedAt !== null);
    expect(rotated?.successorSealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('revokes the whole family when a rotated token is presented again after 30 seconds', async () => {
    const u = await signedInUser(ctx);
    const first = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    expect(first.status).toBe(200);
    ctx.clock.advance(31 * SECOND);
    const reuse = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('token_not_valid');
    // The thief's and the owner's newer token are both dead now.
    const newer = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: first.body.refresh },
    });
    expect(newer.status).toBe(401);
    expect(newer.body.code).toBe('token_not_valid');
  });

  it('leaves other sign-ins alone when one family is revoked', async () => {
    const u = await signedInUser(ctx);
    const other = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: u.password },
    });
    await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    ctx.clock.advance(31 * SECOND);
    const reuse = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } });
    expect(reuse.status).toBe(401);
    const res = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: other.body.token.refresh },
    });
    expect(res.status).toBe(200);
  });

  it('refuses garbage, an expired and a forged refresh token', async () => {
    const u = await signedInUser(ctx);
    const expired = await forgeToken({
      typ: 'refresh',
      sub: String(u.id),
      fam: '00000000-0000-4000-8000-000000000000',
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    const unknown = await forgeToken({
      typ: 'refresh',
      sub: String(u.id),
      fam: '00000000-0000-4000-8000-000000000000',
    });
    for (const refresh of ['garbage', expired, unknown]) {
      const res = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('token_not_valid');
    }
  });
});

describe('GET user-details/', () => {
  it('answers the user in the contract shape, profilePic null when none', async () => {
    const u = await signedInUser(ctx, { firstName: 'Grace', lastName: 'Hopper' });
    const res = await call(ctx, 'GET', `${A}/user-details/`, { token: u.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: u.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: u.email,
      profilePic: null,
      is_verified: true,
      is_mfa_activated: false,
      on_free_trial: true,
      trial_ends_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      words_per_minute: 150,
    });
  });

  it('ends the free trial 30 days after sign-up (decision 248)', async () => {
    const u = await signedInUser(ctx);
    const res = await call(ctx, 'GET', `${A}/user-details/`, { token: u.access });
    const ends = (res.body as { trial_ends_on: string }).trial_ends_on;
    const days = (Date.parse(`${ends}T00:00:00Z`) - ctx.clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers each token with its own user only', async () => {
    const a = await signedInUser(ctx);
    const b = await signedInUser(ctx);
    const meA = await call(ctx, 'GET', `${A}/user-details/`, { token: a.access });
    const meB = await call(ctx, 'GET', `${A}/user-details/`, { token: b.access });
    expect(meA.body.id).toBe(a.id);
    expect(meB.body.id).toBe(b.id);
    expect(meA.body.email).toBe(a.email);
    expect(meB.body.email).toBe(b.email);
    // Asking for the other user by query string changes nothing.
    const sneaky = await call(ctx, 'GET', `${A}/user-details/?id=${b.id}&user=${b.id}`, {
      token: a.access,
    });
    expect(sneaky.body.id).toBe(a.id);
  });

  it('answers 401 without a token and with a malformed header', async () => {
    const none = await call(ctx, 'GET', `${A}/user-details/`);
    expect(none.status).toBe(401);
    const malformed = await call(ctx, 'GET', `${A}/user-details/`, {
      headers: { authorization: 'Token abc' },
    });
    expect(malformed.status).toBe(401);
  });
});

describe('PATCH update-profile/', () => {
  it('changes the names and answers the profile fields', async () => {
    const u = await signedInUser(ctx);
    const res = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { first_name: '  Katherine ', last_name: 'Johnson' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      first_name: 'Katherine',
      last_name: 'Johnson',
      is_mfa_activated: false,
      words_per_minute: 150,
    });
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: u.access });
    expect(me.body).toMatchObject({ first_name: 'Katherine', last_name: 'Johnson' });
  });

  it('switches MFA on, and off with the current password', async () => {
    const u = await signedInUser(ctx);
    const on = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: true },
    });
    expect(on.body.is_mfa_activated).toBe(true);
    const off = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: false, current_password: u.password },
    });
    expect(off.status).toBe(200);
    expect(off.body.is_mfa_activated).toBe(false);
  });

  it('does not switch MFA off with a stolen access token alone: the password is needed', async () => {
    const u = await signedInUser(ctx);
    await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: true },
    });
    const missing = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: false, first_name: 'Changed' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'invalid',
      errors: { current_password: ['This field is required.'] },
    });
    const wrong = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: false, first_name: 'Changed', current_password: 'not-it' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      message: 'Current password is incorrect.',
      code: 'incorrect_password',
    });
    expect(wrong.body.errors).toBeUndefined();
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: u.access });
    expect(me.body).toMatchObject({ first_name: u.firstName, is_mfa_activated: true });
    // A current_password alone changes nothing and is no change to send.
    const alone = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { current_password: u.password },
    });
    expect(alone.status).toBe(400);
  });

  it('counts wrong passwords for switching MFA off as failed logins', async () => {
    const u = await signedInUser(ctx);
    const from = '203.0.113.77';
    for (let i = 0; i < 10; i += 1) {
      const res = await call(ctx, 'PATCH', `${A}/update-profile/`, {
        token: u.access,
        body: { is_mfa_activated: false, current_password: `guess-${i}` },
        ip: from,
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: false, current_password: u.password },
      ip: from,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const login = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: u.password },
      ip: from,
    });
    expect(login.status).toBe(429);
  });

  it('refuses an empty change, a blank name and a non-boolean MFA flag, changing nothing', async () => {
    const u = await signedInUser(ctx);
    for (const body of [
      {},
      { first_name: '   ' },
      { is_mfa_activated: 'yes' },
      { last_name: 'x'.repeat(151) },
    ]) {
      const res = await call(ctx, 'PATCH', `${A}/update-profile/`, { token: u.access, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid');
    }
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: u.access });
    expect(me.body).toMatchObject({
      first_name: u.firstName,
      last_name: u.lastName,
      is_mfa_activated: false,
    });
  });

  it('changes words_per_minute alone or with the names, and user-details shows it', async () => {
    const u = await signedInUser(ctx);
    const alone = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { words_per_minute: 60 },
    });
    expect(alone.status).toBe(200);
    expect(alone.body).toMatchObject({ first_name: u.firstName, words_per_minute: 60 });
    const withNames = await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { first_name: 'Mae', last_name: 'Jemison', words_per_minute: 250 },
    });
    expect(withNames.body).toEqual({
      first_name: 'Mae',
      last_name: 'Jemison',
      is_mfa_activated: false,
      words_per_minute: 250,
    });
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: u.access });
    expect(me.body.words_per_minute).toBe(250);
  });

  it('refuses words_per_minute outside 60–250 or not a whole number, changing nothing', async () => {
    const u = await signedInUser(ctx);
    for (const value of [59, 251, 150.5, '150', null, -1, 1e9]) {
      const res = await call(ctx, 'PATCH', `${A}/update-profile/`, {
        token: u.access,
        body: { first_name: 'Changed', words_per_minute: value },
      });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.errors).toEqual({ words_per_minute: ['Must be between 60 and 250.'] });
    }
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: u.access });
    expect(me.body).toMatchObject({ first_name: u.firstName, words_per_minute: 150 });
  });

  it('answers 401 without a token', async () => {
    const res = await call(ctx, 'PATCH', `${A}/update-profile/`, { body: { first_name: 'X' } });
    expect(res.status).toBe(401);
  });
});

describe('POST update-password/', () => {
  it('changes the password, keeps the asking session and signs out every other one', async () => {
    const u = await signedInUser(ctx);
    const other = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: u.password },
    });
    // The asking session has already rotated once: its family is still the one kept.
    const rotated = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: u.refresh },
    });
    const res = await call(ctx, 'POST', `${A}/update-password/`, {
      token: rotated.body.access,
      body: { current_password: u.password, new_password: 'brand-new-pass' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password updated successfully.' });
    const mine = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: rotated.body.refresh },
    });
    expect(mine.status).toBe(200);
    const theirs = await call(ctx, 'POST', `${A}/refresh-token/`, {
      body: { refresh: other.body.token.refresh },
    });
    expect(theirs.status).toBe(401);
    const oldLogin = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: u.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: 'brand-new-pass' },
    });
    expect(newLogin.status).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const u = await signedInUser(ctx);
    const before = (await userRow(u.email))?.passwordHash;
    const res = await call(ctx, 'POST', `${A}/update-password/`, {
      token: u.access,
      body: { current_password: 'not-my-password', new_password: 'brand-new-pass' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Current password is incorrect.' });
    expect((await userRow(u.email))?.passwordHash).toBe(before);
    expect(
      (await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } })).status,
    ).toBe(200);
  });

  it('refuses a short new password', async () => {
    const u = await signedInUser(ctx);
    const res = await call(ctx, 'POST', `${A}/update-password/`, {
      token: u.access,
      body: { current_password: u.password, new_password: '123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.new_password).toEqual(['Password must be at least 6 characters.']);
  });

  it('answers 401 without a token', async () => {
    const res = await call(ctx, 'POST', `${A}/update-password/`, {
      body: { current_password: 'abcdef', new_password: 'ghijkl' },
    });
    expect(res.status).toBe(401);
  });
});

describe('POST send-otp-reset-password/ and reset-password-otp/', () => {
  it('answers the same whether or not the account exists, mailing only a real one', async () => {
    const u = await signedInUser(ctx);
    const mails = ctx.outbox.messages.length;
    const real = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
      body: { email: u.email },
    });
    expect(real.status).toBe(200);
    expect(real.body).toEqual({ message: 'OTP sent to your email.' });
    expect(ctx.outbox.messages.length).toBe(mails + 1);
    expect(ctx.outbox.last(u.email)?.subject).toMatch(/reset your creator workspace password/i);
    const ghost = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
      body: { email: uniqueEmail('ghost') },
    });
    expect(ghost.status).toBe(200);
    expect(ghost.body).toEqual(real.body);
    expect(ctx.outbox.messages.length).toBe(mails + 1);
  });

  it('resets the password with the code and revokes every refresh token', async () => {
    const u = await signedInUser(ctx);
    const second = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: u.password },
    });
    await call(ctx, 'POST', `${A}/send-otp-reset-password/`, { body: { email: u.email } });
    const res = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: ctx.outbox.lastCode(u.email), new_password: 'after-reset' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password reset successfully.' });
    for (const refresh of [u.refresh, second.body.token.refresh]) {
      const r = await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh } });
      expect(r.status).toBe(401);
    }
    expect(
      (await call(ctx, 'POST', `${A}/login/`, { body: { email: u.email, password: u.password } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call(ctx, 'POST', `${A}/login/`, {
          body: { email: u.email, password: 'after-reset' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a wrong, a reused and a sign-in code, changing nothing', async () => {
    const u = await signedInUser(ctx);
    const before = (await userRow(u.email))?.passwordHash;
    await call(ctx, 'POST', `${A}/send-otp-reset-password/`, { body: { email: u.email } });
    const code = ctx.outbox.lastCode(u.email);
    const wrong = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: otherCode(code), new_password: 'never-set' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Invalid or expired OTP.' });
    expect((await userRow(u.email))?.passwordHash).toBe(before);
    expect(
      (await call(ctx, 'POST', `${A}/refresh-token/`, { body: { refresh: u.refresh } })).status,
    ).toBe(200);

    const ok = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: code, new_password: 'first-reset' },
    });
    expect(ok.status).toBe(200);
    const reused = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: code, new_password: 'second-reset' },
    });
    expect(reused.status).toBe(400);

    // An MFA sign-in code is not a reset code.
    await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: (
        await call(ctx, 'POST', `${A}/login/`, {
          body: { email: u.email, password: 'first-reset' },
        })
      ).body.token.access,
      body: { is_mfa_activated: true },
    });
    await call(ctx, 'POST', `${A}/login/`, { body: { email: u.email, password: 'first-reset' } });
    const signIn = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: ctx.outbox.lastCode(u.email), new_password: 'third-reset' },
    });
    expect(signIn.status).toBe(400);
  });

  it('refuses an expired reset code and an unknown address', async () => {
    const u = await signedInUser(ctx);
    await call(ctx, 'POST', `${A}/send-otp-reset-password/`, { body: { email: u.email } });
    const code = ctx.outbox.lastCode(u.email);
    ctx.clock.advance(11 * MINUTE);
    const expired = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: code, new_password: 'too-late' },
    });
    expect(expired.status).toBe(400);
    const ghost = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: uniqueEmail('ghost'), otp: code, new_password: 'whatever' },
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe('Invalid or expired OTP.');
  });

  it('limits reset codes to one per 30 seconds per address, and validates input', async () => {
    const u = await signedInUser(ctx);
    expect(
      (await call(ctx, 'POST', `${A}/send-otp-reset-password/`, { body: { email: u.email } }))
        .status,
    ).toBe(200);
    const soon = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
      body: { email: u.email },
    });
    expect(soon.status).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    const bad = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, { body: { email: 'x@' } });
    expect(bad.status).toBe(400);
    const short = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email: u.email, otp: '123456', new_password: '12' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.new_password).toBeDefined();
  });
});

describe('the auth API as a whole', () => {
  it('answers every call with and without the trailing slash', async () => {
    const res = await call(ctx, 'POST', `${A}/send-otp-reset-password`, {
      body: { email: uniqueEmail() },
    });
    expect(res.status).toBe(200);
  });

  it('lists every auth path in the OpenAPI description', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{ paths: Record<string, { get?: { security?: unknown } }> }>();
    const paths = Object.keys(doc.paths);
    for (const path of [
      'register/',
      'login/',
      'verify-otp/',
      'send-otp/',
      'verify-token/',
      'refresh-token/',
      'user-details/',
      'update-profile/',
      'update-password/',
      'send-otp-reset-password/',
      'reset-password-otp/',
    ]) {
      expect(paths).toContain(`/api/auth/${path}`);
    }
    expect(doc.paths['/api/auth/user-details/']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${A}/login/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'parse_error' });
  });
});
