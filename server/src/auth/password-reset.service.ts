import { MESSAGES } from './auth-messages';
import type { AuthStore } from './auth-store';
import { invalidOtp, type OneTimeCodes } from './one-time-codes';
import { hashPassword } from './passwords';
import type { SignInSessions } from './sign-in-sessions';

export interface PasswordResetServiceDeps {
  store: AuthStore;
  codes: OneTimeCodes;
  sessions: SignInSessions;
  now: () => Date;
}

/**
 * A forgotten password, replaced with a mailed code
 * (send-otp-reset-password/, reset-password-otp/).
 */
export class PasswordResetService {
  constructor(private readonly deps: PasswordResetServiceDeps) {}

  /** The same answer whether or not the account exists; only a real one gets a mail. */
  async sendCode(input: { email: string }, ip: string): Promise<{ message: string }> {
    const user = await this.deps.store.repos.users.findByEmail(input.email);
    await this.deps.codes.send(input.email, user !== undefined, 'reset_password', ip);
    return { message: MESSAGES.otpSent };
  }

  /** A right code sets the new password and ends every sign-in, in one transaction. */
  async resetPassword(
    input: { email: string; otp: string; new_password: string },
    ip: string,
  ): Promise<{ message: string }> {
    const { store, codes, sessions } = this.deps;
    const matched = await codes.check(input, ['reset_password'], ip);
    const { user } = matched;
    // Hashed only once the code is known to be right: wrong guesses cost no argon2 work.
    const passwordHash = await hashPassword(input.new_password);
    const now = this.deps.now();
    const done = await store.transaction(async (repos) => {
      if (!(await codes.consume(matched, now, repos))) return false;
      await repos.users.update(user.id, { passwordHash, updatedOn: now });
      await sessions.revokeAll(user.id, now, repos);
      return true;
    });
    if (!done) throw invalidOtp();
    return { message: MESSAGES.passwordReset };
  }
}
