import type { LoginAnswer, TokenPair } from '@cw/contract';
import { tokenNotValid, tooManyRequests, unauthorized } from '../http/errors';
import { MESSAGES } from './auth-messages';
import type { AuthStore } from './auth-store';
import { invalidOtp, type OneTimeCodes } from './one-time-codes';
import type { OtpPurpose } from './otp';
import { verifyPassword } from './passwords';
import { loginFailureBuckets, type AuthLimits, type RateLimiter } from './rate-limit';
import type { SignInSessions } from './sign-in-sessions';
import type { TokenService } from './tokens';

export interface SignInServiceDeps {
  store: AuthStore;
  sessions: SignInSessions;
  codes: OneTimeCodes;
  tokens: TokenService;
  limiter: RateLimiter;
  limits: AuthLimits;
  now: () => Date;
}

/** Normalised inputs (the contract schemas trim and lower-case emails). */
interface LoginInput {
  email: string;
  password: string;
}
interface OtpInput {
  email: string;
  otp: string;
}

/** Either code finishes a sign-in: the first one verifies the email, later ones are MFA. */
const SIGN_IN_CODE_PURPOSES: OtpPurpose[] = ['verify_email', 'login'];

/**
 * Signing in with a password and, when needed, a mailed code
 * (login/, verify-otp/, verify-token/).
 */
export class SignInService {
  constructor(private readonly deps: SignInServiceDeps) {}

  /**
   * A password sign-in. The account + IP failure limit refuses with 429 whatever the password.
   * Past the account's limit from all addresses (someone guessing from many), a wrong password
   * is a 429 but a right one is not refused: it steps up to a mailed code, as with MFA, so no
   * stranger can lock the owner out (docs/auth.md).
   */
  async login(input: LoginInput, ip: string): Promise<LoginAnswer> {
    const { store, limiter, codes } = this.deps;
    const failures = loginFailureBuckets(this.deps.limits, input.email, ip);
    await limiter.assertNotLimited([failures.perAccountIp]);
    const accountLimitedFor = await limiter.limitedFor([failures.perAccount]);
    const user = await store.repos.users.findByEmail(input.email);
    const ok = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !ok) {
      await limiter.record(Object.values(failures));
      if (accountLimitedFor !== undefined) throw tooManyRequests(accountLimitedFor);
      throw unauthorized(MESSAGES.invalidCredentials, 'authentication_failed');
    }
    await limiter.reset([failures.perAccountIp.key]);
    const stepUp = accountLimitedFor !== undefined;
    if (user.isVerified && !user.isMfaActivated && !stepUp) {
      const token = await this.deps.sessions.start(user.id);
      return { token, verified: true, mfa_status: false, message: MESSAGES.loginOk };
    }
    const purpose: OtpPurpose = user.isVerified ? 'login' : 'verify_email';
    // Signing in again within the 30-second resend cool-down (e.g. right after registering):
    // the code mailed moments ago is still valid, so answer as usual without a new mail
    // instead of refusing a sign-in whose password was right.
    if (!(await codes.sentMomentsAgo(user.email, purpose, ip))) {
      await codes.send(user.email, true, purpose, ip, { passwordChecked: true });
    }
    return {
      verified: user.isVerified,
      mfa_status: user.isMfaActivated,
      message: MESSAGES.otpSent,
    };
  }

  /** A right code marks the email verified and starts the sign-in, in one transaction. */
  async verifyOtp(input: OtpInput, ip: string): Promise<{ message: string; token: TokenPair }> {
    const { codes, sessions } = this.deps;
    const matched = await codes.check(input, SIGN_IN_CODE_PURPOSES, ip);
    const { user } = matched;
    const now = this.deps.now();
    const token = await this.deps.store.transaction(async (repos) => {
      if (!(await codes.consume(matched, now, repos))) return undefined;
      if (!user.isVerified) {
        await repos.users.update(user.id, { isVerified: true, updatedOn: now });
      }
      return sessions.start(user.id, repos);
    });
    if (!token) throw invalidOtp();
    return { message: MESSAGES.otpVerified, token };
  }

  async verifyAccessToken(token: string): Promise<Record<string, never>> {
    const { userId } = await this.deps.tokens.verifyAccess(token);
    // A valid token of an account that no longer exists is a bad token.
    if (!(await this.deps.store.repos.users.findById(userId))) throw tokenNotValid();
    return {};
  }
}
