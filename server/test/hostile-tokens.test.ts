import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOfSubject } from '../src/auth/tokens';
import { forgeToken } from './auth-support';
import { signedInUser } from './factories';
import { createTestApp, type TestContext } from './helpers';

let ctx: TestContext;
let userId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  userId = (await signedInUser(ctx)).id;
});
afterAll(async () => {
  await ctx.close();
});

const userDetails = (token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/auth/user-details/',
    headers: { authorization: `Bearer ${token}` },
  });

describe('the JWT sub accepts "1.0" and "0x1"', () => {
  it('refuses every non-canonical spelling of a user id with 401 token_not_valid', async () => {
    const id = String(userId);
    for (const sub of [
      `${id}.0`,
      `0x${userId.toString(16)}`,
      `0${id}`,
      `+${id}`,
      ` ${id}`,
      `${id} `,
      `${id}e0`,
      '2147483648',
      '0',
      '-1',
      '',
    ]) {
      const res = await userDetails(await forgeToken({ sub }));
      expect(res.statusCode, JSON.stringify(sub)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'token_not_valid' });
    }
  });

  it('accepts the canonical one', async () => {
    const res = await userDetails(await forgeToken({ sub: String(userId) }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: userId });
  });

  it('reads only canonical positive integers up to 2,147,483,647', () => {
    expect(userIdOfSubject('1')).toBe(1);
    expect(userIdOfSubject('2147483647')).toBe(2_147_483_647);
    for (const sub of ['1.0', '0x1', '01', '1e3', '2147483648', 1, null, undefined]) {
      expect(userIdOfSubject(sub)).toBeNull();
    }
  });
});
