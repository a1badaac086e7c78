import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { oneTimeCodes } from '../src/db/schema';
import { signedInUser } from './factories';
import { createTestApp, TEST_SECRET, type TestContext } from './helpers';
import { call, registerOnly, uniqueEmail } from './auth-support';

const MINUTE = 60_000;
const A = '/api/auth';
// Documentation addresses (RFC 5737): labels for inject's remoteAddress, no traffic is sent.
const ip = (n: number) => `203.0.113.${n}`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const login = (email: string, password: string, from: string) =>
  call(ctx, 'POST', `${A}/login/`, { body: { email, password }, ip: from });

describe('failed logins', () => {
  it('allow 10 per account and IP in 15 minutes, then answer 429 with Retry-After', async () => {
    const u = await signedInUser(ctx);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(u.email, 'wrong-password', ip(1))).status).toBe(401);
    }
    const blocked = await login(u.email, 'wrong-password', ip(1));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'throttled',
      message: expect.stringMatching(/try again/i),
    });
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits: guessing must not be able to tell.
    expect((await login(u.email, u.password, ip(1))).status).toBe(429);
    // Another address is not blocked for this account.
    expect((await login(u.email, u.password, ip(2))).status).toBe(200);
    ctx.clock.advance(15 * MINUTE);
    expect((await login(u.email, u.password, ip(1))).status).toBe(200);
  });

  it('start over for that address after a successful login', async () => {
    const u = await signedInUser(ctx);
    for (let i = 0; i < 9; i += 1) await login(u.email, 'wrong-password', ip(3));
    expect((await login(u.email, u.password, ip(3))).status).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      expect((await login(u.email, 'wrong-password', ip(3))).status).toBe(401);
    }
  });

  it('allow 100 per account in an hour from all addresses together, then a right password steps up to a mailed code', async () => {
    const u = await signedInUser(ctx);
    for (let n = 0; n < 10; n += 1) {
      for (let i = 0; i < 10; i += 1) {
        expect((await login(u.email, 'wrong-password', ip(10 + n))).status).toBe(401);
      }
    }
    const wrong = await login(u.email, 'wrong-password', ip(50));
    expect(wrong.status).toBe(429);
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(Number(wrong.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    // The right password is not refused: no token, a code is mailed, as with MFA.
    const right = await login(u.email, u.password, ip(51));
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      verified: true,
      mfa_status: false,
      message: 'OTP sent to your email.',
    });
    expect(ctx.outbox.last(u.email)?.subject).toMatch(/sign-in code/i);
    // An address that made ten of the failures stays blocked, even with the right password.
    expect((await login(u.email, u.password, ip(10))).status).toBe(429);
    ctx.clock.advance(60 * MINUTE);
    const later = await login(u.email, u.password, ip(50));
    expect(later.status).toBe(200);
    expect(later.body.token).toBeDefined();
  });

  it('let the owner sign in with the right password and a mailed code after strangers made 100 wrong logins, wrong codes and code sends (owner lock-out by wrong passwords)', async () => {
    const owner = await signedInUser(ctx);
    const home = ip(240);
    // Strangers, from ten other addresses: reset mails up to the address's quota, wrong codes,
    // and a hundred wrong passwords.
    for (let n = 0; n < 10; n += 1) {
      ctx.clock.advance(31_000);
      await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
        body: { email: owner.email },
        ip: ip(220 + n),
      });
      await call(ctx, 'POST', `${A}/reset-password-otp/`, {
        body: { email: owner.email, otp: '000000', new_password: 'attacker-pw' },
        ip: ip(220 + n),
      });
      for (let i = 0; i < 10; i += 1) await login(owner.email, `guess-${n}-${i}`, ip(220 + n));
    }
    expect((await login(owner.email, 'one-more-guess', ip(230))).status).toBe(429);

    const signIn = await login(owner.email, owner.password, home);
    expect(signIn.status).toBe(200);
    expect(signIn.body.token).toBeUndefined();
    expect(signIn.body.message).toBe('OTP sent to your email.');
    const code = ctx.outbox.lastCode(owner.email);
    expect(ctx.outbox.last(owner.email)?.subject).toMatch(/sign-in code/i);
    const verified = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: owner.email, otp: code },
      ip: home,
    });
    expect(verified.status).toBe(200);
    const me = await call(ctx, 'GET', `${A}/user-details/`, { token: verified.body.token.access });
    expect(me.body.email).toBe(owner.email);
  });

  it('count for unknown accounts too, so probing tells nothing', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i += 1)
      expect((await login(ghost, 'whatever1', ip(4))).status).toBe(401);
    expect((await login(ghost, 'whatever1', ip(4))).status).toBe(429);
  });

  it('include wrong current passwords in update-password', async () => {
    const u = await signedInUser(ctx);
    for (let i = 0; i < 10; i += 1) {
      const res = await call(ctx, 'POST', `${A}/update-password/`, {
        token: u.access,
        body: { current_password: 'not-it', new_password: 'whatever-new' },
        ip: ip(5),
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call(ctx, 'POST', `${A}/update-password/`, {
      token: u.access,
      body: { current_password: u.password, new_password: 'whatever-new' },
      ip: ip(5),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('hold across processes sharing the database', async () => {
    const u = await signedInUser(ctx);
    const second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: ctx.outbox,
      secret: TEST_SECRET,
      now: ctx.clock.now,
    });
    try {
      for (let i = 0; i < 10; i += 1) await login(u.email, 'wrong-password', ip(6));
      const res = await second.inject({
        method: 'POST',
        url: `${A}/login/`,
        payload: { email: u.email, password: u.password },
        remoteAddress: ip(6),
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('one-time code checks', () => {
  it('allow 10 wrong codes per address and client IP in 15 minutes, then 429 for that IP', async () => {
    const { email } = await registerOnly(ctx, { ip: ip(7) });
    for (let i = 0; i < 10; i += 1) {
      const res = await call(ctx, 'POST', `${A}/verify-otp/`, {
        body: { email, otp: '000000' },
        ip: ip(8),
      });
      // (000000 could be the real code once in a million runs; then this first try passes.)
      expect([400, 200]).toContain(res.status);
    }
    const blocked = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email, otp: ctx.outbox.lastCode(email) },
      ip: ip(8),
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const reset = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: { email, otp: '123456', new_password: 'whatever-new' },
      ip: ip(8),
    });
    expect(reset.status).toBe(429);
    // Another client is not blocked for this address (its code was voided by five wrong tries).
    const elsewhere = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email, otp: '000000' },
      ip: ip(9),
    });
    expect(elsewhere.status).toBe(400);
  });

  it("never let ten wrong codes from other IPs block the owner's right reset code (owner lock-out by wrong codes)", async () => {
    const owner = await signedInUser(ctx);
    const home = ip(60);
    expect(
      (
        await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
          body: { email: owner.email },
          ip: home,
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const res = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
        body: { email: owner.email, otp: '000000', new_password: 'attacker-pw' },
        ip: ip(61 + i),
      });
      expect([400, 200]).toContain(res.status);
    }
    // Five wrong tries voided the code mailed before: the owner asks for a new one, and it works.
    ctx.clock.advance(31_000);
    await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
      body: { email: owner.email },
      ip: home,
    });
    const reset = await call(ctx, 'POST', `${A}/reset-password-otp/`, {
      body: {
        email: owner.email,
        otp: ctx.outbox.lastCode(owner.email),
        new_password: 'owners-new',
      },
      ip: home,
    });
    expect(reset.status).toBe(200);
    expect((await login(owner.email, 'owners-new', home)).status).toBe(200);
  });

  it("never let ten wrong codes from other IPs block the owner's right verification code", async () => {
    const home = ip(80);
    const { email, password } = await registerOnly(ctx, { ip: home });
    for (let i = 0; i < 10; i += 1) {
      const res = await call(ctx, 'POST', `${A}/verify-otp/`, {
        body: { email, otp: '000000' },
        ip: ip(81 + i),
      });
      expect([400, 200]).toContain(res.status);
    }
    ctx.clock.advance(31_000);
    const again = await login(email, password, home);
    expect(again.body.message).toBe('OTP sent to your email.');
    const verified = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email, otp: ctx.outbox.lastCode(email) },
      ip: home,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.token.access).toEqual(expect.any(String));
  });

  it('allow 100 wrong codes per client IP in an hour, whatever the addresses', async () => {
    const from = ip(120);
    for (let i = 0; i < 100; i += 1) {
      const res = await call(ctx, 'POST', `${A}/verify-otp/`, {
        body: { email: uniqueEmail('spray'), otp: '123456' },
        ip: from,
      });
      expect(res.status).toBe(400);
    }
    const res = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: uniqueEmail('spray'), otp: '123456' },
      ip: from,
    });
    expect(res.status).toBe(429);
  });
});

describe('code sending', () => {
  it('allows 10 code mails per address in an hour, even with the cool-down respected', async () => {
    const u = await signedInUser(ctx);
    for (let i = 0; i < 10; i += 1) {
      ctx.clock.advance(31_000);
      const res = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
        body: { email: u.email },
        ip: ip(130 + i),
      });
      expect(res.status).toBe(200);
    }
    ctx.clock.advance(31_000);
    const res = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
      body: { email: u.email },
      ip: ip(140),
    });
    expect(res.status).toBe(429);
  });

  it('spends no mail quota on send-otp for a verified account: the owner still signs in (owner lock-out by send-otp)', async () => {
    const owner = await signedInUser(ctx);
    await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: owner.access,
      body: { is_mfa_activated: true },
    });
    for (let i = 0; i < 12; i += 1) {
      ctx.clock.advance(31_000);
      const res = await call(ctx, 'POST', `${A}/send-otp/`, {
        body: { email: owner.email },
        ip: ip(170 + i),
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('If the account exists, a code has been sent.');
    }
    expect(ctx.outbox.last(owner.email)).toBeUndefined();
    const signIn = await login(owner.email, owner.password, ip(190));
    expect(signIn.status).toBe(200);
    expect(signIn.body).toEqual({
      verified: true,
      mfa_status: true,
      message: 'OTP sent to your email.',
    });
    const verified = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: owner.email, otp: ctx.outbox.lastCode(owner.email) },
      ip: ip(190),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.token.access).toEqual(expect.any(String));
  });

  it('spends no mail quota of an unknown address, while the cool-down and the IP limit still count', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 12; i += 1) {
      ctx.clock.advance(31_000);
      const res = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
        body: { email: ghost },
        ip: ip(195),
      });
      expect(res.status).toBe(200);
    }
    const soon = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
      body: { email: ghost },
      ip: ip(196),
    });
    expect(soon.status).toBe(429);
  });

  it('allows 100 code-sending calls per client IP in an hour', async () => {
    const from = ip(150);
    for (let i = 0; i < 100; i += 1) {
      const res = await call(ctx, 'POST', `${A}/send-otp-reset-password/`, {
        body: { email: uniqueEmail('bomb') },
        ip: from,
      });
      expect(res.status).toBe(200);
    }
    const res = await call(ctx, 'POST', `${A}/send-otp/`, {
      body: { email: uniqueEmail('bomb') },
      ip: from,
    });
    expect(res.status).toBe(429);
    const register = await call(ctx, 'POST', `${A}/register/`, {
      body: { first_name: 'A', last_name: 'B', email: uniqueEmail('bomb'), password: 'secret1' },
      ip: from,
    });
    expect(register.status).toBe(429);
  });

  it('answers a sign-in with a code at once while the mail server is down; the mail goes out on a later try', async () => {
    const u = await signedInUser(ctx);
    await call(ctx, 'PATCH', `${A}/update-profile/`, {
      token: u.access,
      body: { is_mfa_activated: true },
    });
    const codesBefore = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, u.id));
    const send = ctx.outbox.send;
    ctx.outbox.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await login(u.email, u.password, ip(160));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        verified: true,
        mfa_status: true,
        message: 'OTP sent to your email.',
      });
    } finally {
      ctx.outbox.send = send;
    }
    // The failed try left no code behind.
    const codesAfter = await ctx.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, u.id));
    expect(codesAfter).toHaveLength(codesBefore.length);
    expect(ctx.outbox.last(u.email)).toBeUndefined();
    // Signing in again within the cool-down mails nothing more: the queued mail is coming.
    expect((await login(u.email, u.password, ip(160))).status).toBe(200);
    ctx.clock.advance(5_000);
    await ctx.mailQueue.drain();
    expect(ctx.outbox.messages.filter((m) => m.to === u.email)).toHaveLength(1);
    const verified = await call(ctx, 'POST', `${A}/verify-otp/`, {
      body: { email: u.email, otp: ctx.outbox.lastCode(u.email) },
      ip: ip(160),
    });
    expect(verified.status).toBe(200);
  });
});

describe('the client IP', () => {
  it('ignores X-Forwarded-For when TRUST_PROXY is off', async () => {
    const u = await signedInUser(ctx);
    for (let i = 0; i < 10; i += 1) {
      await call(ctx, 'POST', `${A}/login/`, {
        body: { email: u.email, password: 'wrong-password' },
        ip: ip(200),
        headers: { 'x-forwarded-for': ip(201 + i) },
      });
    }
    const res = await call(ctx, 'POST', `${A}/login/`, {
      body: { email: u.email, password: u.password },
      ip: ip(200),
      headers: { 'x-forwarded-for': ip(250) },
    });
    expect(res.status).toBe(429);
  });

  it('comes from X-Forwarded-For when TRUST_PROXY is on', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const u = await signedInUser(proxied);
      const viaProxy = (client: string, password: string) =>
        call(proxied, 'POST', `${A}/login/`, {
          body: { email: u.email, password },
          ip: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 10; i += 1) await viaProxy(ip(1), 'wrong-password');
      expect((await viaProxy(ip(1), u.password)).status).toBe(429);
      expect((await viaProxy(ip(2), u.password)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
