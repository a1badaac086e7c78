import { randomBytes } from 'node:crypto';
import { AuthStore } from '../src/auth/auth-store';
import { hashPassword } from '../src/auth/passwords';
import { SignInSessions } from '../src/auth/sign-in-sessions';
import { TokenService } from '../src/auth/tokens';
import { TEST_SECRET, type TestContext } from './helpers';

export interface SignedInUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  access: string;
  refresh: string;
  /** The headers of a signed-in call. */
  auth: { authorization: string };
}

let userCounter = 0;

/**
 * A verified account with MFA off, signed in: written through the repository with the password
 * hashed as in production, and given a real sign-in by the session service, so its refresh token
 * rotates and revokes like any other. No HTTP call is made, so it spends no rate limit and sends
 * no mail: tests about registering and signing in make those calls themselves.
 */
export async function signedInUser(
  ctx: TestContext,
  options: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<SignedInUser> {
  userCounter += 1;
  const email = (
    options.email ?? `user${userCounter}-${randomBytes(4).toString('hex')}@example.com`
  )
    .trim()
    .toLowerCase();
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `User${userCounter}`;
  const passwordHash = await hashPassword(password);
  const store = new AuthStore(ctx.database.db);
  const now = ctx.clock.now();
  const id = await store.transaction(async (repos) => {
    const user = await repos.users.insert({
      email,
      firstName,
      lastName,
      passwordHash,
      createdOn: now,
    });
    await repos.users.update(user.id, { isVerified: true, updatedOn: now });
    return user.id;
  });
  const sessions = new SignInSessions({
    store,
    tokens: new TokenService(TEST_SECRET),
    secret: TEST_SECRET,
    now: ctx.clock.now,
  });
  const { access, refresh } = await sessions.start(id);
  return {
    id,
    email,
    password,
    firstName,
    lastName,
    access,
    refresh,
    auth: { authorization: `Bearer ${access}` },
  };
}
