import { createHmac, randomUUID } from 'node:crypto';
import type { EmailBody, LoginAnswer, TokenPair, UpdateProfileAnswer, User } from '@cw/contract';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { AppError, badRequest, tokenNotValid, unauthorized } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/messages';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, OtpHasher, generateOtp, type OtpPurpose } from './otp';
import { hashPassword, verifyPassword, warmUpPasswords } from './passwords';
import {
  RateLimiter,
  codeFailureBuckets,
  codeSendBuckets,
  loginFailureBuckets,
  type AuthLimits,
} from './rate-limit';
import { deriveKey, type TokenService } from './tokens';
import { AuthStore, type AuthRepositories } from './auth-store';
import type { UserRow } from './users.repository';

export const MESSAGES = {
  registered: 'User registered successfully',
  duplicateEmail: 'A user with this email already exists.',
  loginOk: 'Login successful',
  otpSent: 'OTP sent to your email.',
  invalidCredentials: 'Invalid email or password.',
  otpVerified: 'OTP verified successfully!',
  invalidOtp: 'Invalid or expired OTP.',
  codeSentIfExists: 'If the account exists, a code has been sent.',
  passwordUpdated: 'Password updated successfully.',
  wrongCurrentPassword: 'Current password is incorrect.',
  passwordReset: 'Password reset successfully.',
  mailFailed: 'We could not send the email right now. Please try again in a moment.',
} as const;

/** Normalised inputs (the contract schemas trim and lower-case emails). */
interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}
interface LoginInput {
  email: string;
  password: string;
}
interface OtpInput {
  email: string;
  otp: string;
}

export interface AuthServiceDeps {
  db: Database;
  mailer: Mailer;
  tokens: TokenService;
  secret: string;
  limits: AuthLimits;
  now: () => Date;
  log?: { error(obj: object, msg: string): void };
}

const VERIFY_OTP_PURPOSES: OtpPurpose[] = ['verify_email', 'login'];

const invalidOtp = () => badRequest(MESSAGES.invalidOtp, undefined, 'invalid_otp');
const mailFailed = () => new AppError(503, 'mail_failed', MESSAGES.mailFailed);

export function toUserAnswer(user: UserRow): User {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    profilePic: user.profilePic ?? null,
    is_verified: user.isVerified,
    is_mfa_activated: user.isMfaActivated,
    on_free_trial: user.onFreeTrial,
  };
}

/** The accounts API's rules. Routes validate and call one method; only the repository touches SQL. */
export class AuthService {
  private readonly store: AuthStore;
  private readonly otp: OtpHasher;
  private readonly refreshKey: Buffer;
  private readonly limiter: RateLimiter;

  constructor(private readonly deps: AuthServiceDeps) {
    this.store = new AuthStore(deps.db);
    this.otp = new OtpHasher(deps.secret);
    this.refreshKey = deriveKey(deps.secret, 'refresh-hash');
    this.limiter = new RateLimiter(deps.db, deps.now);
    warmUpPasswords();
  }

  /* ---------------- helpers ---------------- */

  private hashRefresh(token: string): string {
    return createHmac('sha256', this.refreshKey).update(token).digest('hex');
  }

  /** A new sign-in: a new refresh-token family, its first token stored as a hash. */
  private async startSession(repos: AuthRepositories, userId: number): Promise<TokenPair> {
    const familyId = randomUUID();
    const { token: refresh, claims } = await this.deps.tokens.signRefresh(userId, familyId);
    const access = await this.deps.tokens.signAccess(userId, familyId);
    await repos.refreshTokens.insert({
      userId,
      familyId,
      tokenHash: this.hashRefresh(refresh),
      createdOn: this.deps.now(),
      expiresAt: claims.expiresAt,
    });
    return { access, refresh };
  }

  /**
   * Counts a code send against the address and IP limits (429 when over; unknown addresses count
   * too, so the answer never tells whether an account exists), then, for a real account, stores
   * a new code and mails it. A mail that cannot be sent leaves nothing behind: the code row is
   * deleted and the limits are given back.
   */
  private async sendCode(
    email: string,
    user: UserRow | undefined,
    purpose: OtpPurpose,
    ip: string,
  ): Promise<void> {
    const buckets = Object.values(codeSendBuckets(this.deps.limits, email, purpose, ip));
    await this.limiter.consume(buckets);
    if (!user) return;
    const code = generateOtp();
    const now = this.deps.now();
    const row = await this.store.repos.oneTimeCodes.insert({
      userId: user.id,
      purpose,
      codeHash: this.otp.hash(user.id, purpose, code),
      createdOn: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
    try {
      await this.mailCode(user, code, purpose);
    } catch (error) {
      await this.store.repos.oneTimeCodes.delete(row.id);
      await this.limiter.release(buckets);
      throw error;
    }
  }

  private async codeSentMomentsAgo(email: string, purpose: OtpPurpose, ip: string) {
    const { coolDown } = codeSendBuckets(this.deps.limits, email, purpose, ip);
    return (await this.limiter.limitedFor([coolDown])) !== undefined;
  }

  private async mailCode(user: UserRow, code: string, purpose: OtpPurpose): Promise<void> {
    try {
      await this.deps.mailer.send(
        codeMail({
          to: user.email,
          firstName: user.firstName,
          code,
          purpose,
          validMinutes: OTP_TTL_MS / 60_000,
        }),
      );
    } catch (error) {
      this.deps.log?.error({ err: error, purpose }, 'sending a code mail failed');
      throw mailFailed();
    }
  }

  /**
   * Checks `otp` against the newest code of the user for `purposes` and, if it matches, returns
   * that code's id (still unconsumed: the caller consumes it in the transaction that applies the
   * effect). A wrong code counts a try (the fifth voids it) and a failure against the limits;
   * those writes are committed even though the request answers 400.
   */
  private async checkCode(
    user: UserRow | undefined,
    purposes: OtpPurpose[],
    input: OtpInput,
    ip: string,
  ): Promise<number> {
    const failures = Object.values(codeFailureBuckets(this.deps.limits, input.email, ip));
    await this.limiter.assertNotLimited(failures);
    const now = this.deps.now();
    let matchedId: number | undefined;
    if (user) {
      matchedId = await this.store.transaction(async (repos) => {
        const row = await repos.oneTimeCodes.findNewestForUpdate(user.id, purposes);
        if (!row || row.consumedAt || row.expiresAt <= now || row.attempts >= OTP_MAX_ATTEMPTS) {
          return undefined;
        }
        if (this.otp.matches(row.codeHash, user.id, row.purpose as OtpPurpose, input.otp)) {
          return row.id;
        }
        const attempts = row.attempts + 1;
        await repos.oneTimeCodes.setAttempts(
          row.id,
          attempts,
          attempts >= OTP_MAX_ATTEMPTS ? now : null,
        );
        return undefined;
      });
    } else {
      // Same work as for a real account, so timing does not tell which addresses exist.
      this.otp.matches('00'.repeat(32), 0, 'login', input.otp);
    }
    if (matchedId === undefined) {
      await this.limiter.record(failures);
      throw invalidOtp();
    }
    return matchedId;
  }

  /* ---------------- calls ---------------- */

  async register(input: RegisterInput, ip: string): Promise<{ message: string }> {
    const sends = codeSendBuckets(this.deps.limits, input.email, 'verify_email', ip);
    const addressBuckets = [sends.coolDown, sends.perAddress];
    await this.limiter.consume([sends.perIp]);
    const duplicate = () =>
      badRequest(MESSAGES.duplicateEmail, { email: [MESSAGES.duplicateEmail] });
    if (await this.store.repos.users.findByEmail(input.email)) throw duplicate();
    const passwordHash = await hashPassword(input.password);
    await this.limiter.consume(addressBuckets);

    const code = generateOtp();
    const now = this.deps.now();
    let user: UserRow;
    try {
      user = await this.store.transaction(async (repos) => {
        const created = await repos.users.insert({
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash,
          createdOn: now,
        });
        await repos.oneTimeCodes.insert({
          userId: created.id,
          purpose: 'verify_email',
          codeHash: this.otp.hash(created.id, 'verify_email', code),
          createdOn: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        return created;
      });
    } catch (error) {
      await this.limiter.release(addressBuckets);
      if (isUniqueViolation(error)) throw duplicate();
      throw error;
    }
    try {
      await this.mailCode(user, code, 'verify_email');
    } catch (error) {
      // Nobody could receive the code: undo the registration so the person can simply retry.
      await this.store.repos.users.delete(user.id);
      await this.limiter.release([...addressBuckets, sends.perIp]);
      throw error;
    }
    return { message: MESSAGES.registered };
  }

  async login(input: LoginInput, ip: string): Promise<LoginAnswer> {
    const failures = loginFailureBuckets(this.deps.limits, input.email, ip);
    await this.limiter.assertNotLimited(Object.values(failures));
    const user = await this.store.repos.users.findByEmail(input.email);
    const ok = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !ok) {
      await this.limiter.record(Object.values(failures));
      throw unauthorized(MESSAGES.invalidCredentials, 'authentication_failed');
    }
    await this.limiter.reset([failures.perAccountIp.key]);
    if (user.isVerified && !user.isMfaActivated) {
      const token = await this.store.transaction((repos) => this.startSession(repos, user.id));
      return { token, verified: true, mfa_status: false, message: MESSAGES.loginOk };
    }
    const purpose: OtpPurpose = user.isVerified ? 'login' : 'verify_email';
    // Signing in again within the 30-second resend cool-down (e.g. right after registering):
    // the code mailed moments ago is still valid, so answer as usual without a new mail
    // instead of refusing a sign-in whose password was right.
    if (!(await this.codeSentMomentsAgo(user.email, purpose, ip))) {
      await this.sendCode(user.email, user, purpose, ip);
    }
    return {
      verified: user.isVerified,
      mfa_status: user.isMfaActivated,
      message: MESSAGES.otpSent,
    };
  }

  async verifyOtp(input: OtpInput, ip: string): Promise<{ message: string; token: TokenPair }> {
    const user = await this.store.repos.users.findByEmail(input.email);
    const codeId = await this.checkCode(user, VERIFY_OTP_PURPOSES, input, ip);
    const verifiedUser = user!;
    const now = this.deps.now();
    const token = await this.store.transaction(async (repos) => {
      if (!(await repos.oneTimeCodes.consume(codeId, now))) return undefined;
      if (!verifiedUser.isVerified) {
        await repos.users.update(verifiedUser.id, { isVerified: true, updatedOn: now });
      }
      return this.startSession(repos, verifiedUser.id);
    });
    if (!token) throw invalidOtp();
    return { message: MESSAGES.otpVerified, token };
  }

  async sendVerificationCode(input: EmailBody & { email: string }, ip: string) {
    const user = await this.store.repos.users.findByEmail(input.email);
    await this.sendCode(
      input.email,
      user && !user.isVerified ? user : undefined,
      'verify_email',
      ip,
    );
    return { message: MESSAGES.codeSentIfExists };
  }

  async verifyAccessToken(token: string): Promise<Record<string, never>> {
    const { userId } = await this.deps.tokens.verifyAccess(token);
    if (!(await this.store.repos.users.findById(userId))) throw tokenNotValid();
    return {};
  }

  async refresh(refresh: string): Promise<TokenPair> {
    const claims = await this.deps.tokens.verifyRefresh(refresh);
    const tokenHash = this.hashRefresh(refresh);
    const next = await this.deps.tokens.signRefresh(claims.userId, claims.familyId);
    const access = await this.deps.tokens.signAccess(claims.userId, claims.familyId);
    const now = this.deps.now();
    const outcome = await this.store.transaction(async (repos) => {
      const row = await repos.refreshTokens.findByHashForUpdate(tokenHash);
      if (!row || row.userId !== claims.userId || row.familyId !== claims.familyId)
        return 'invalid';
      if (row.revokedAt) return 'invalid';
      if (row.rotatedAt) {
        // A rotated token came back: someone holds a copy. End that whole sign-in.
        await repos.refreshTokens.revokeFamily(row.familyId, now);
        return 'reused';
      }
      if (row.expiresAt <= now) return 'invalid';
      await repos.refreshTokens.markRotated(row.id, now);
      await repos.refreshTokens.insert({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: this.hashRefresh(next.token),
        createdOn: now,
        expiresAt: next.claims.expiresAt,
      });
      return 'rotated';
    });
    if (outcome !== 'rotated') throw tokenNotValid();
    return { access, refresh: next.token };
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.store.repos.users.findById(userId);
    // A valid token of an account that no longer exists is a bad token.
    if (!user) throw tokenNotValid();
    return user;
  }

  async userDetails(userId: number): Promise<User> {
    return toUserAnswer(await this.requireUser(userId));
  }

  async updateProfile(
    userId: number,
    changes: { first_name?: string; last_name?: string; is_mfa_activated?: boolean },
  ): Promise<UpdateProfileAnswer> {
    const updated = await this.store.repos.users.update(userId, {
      ...(changes.first_name !== undefined ? { firstName: changes.first_name } : {}),
      ...(changes.last_name !== undefined ? { lastName: changes.last_name } : {}),
      ...(changes.is_mfa_activated !== undefined
        ? { isMfaActivated: changes.is_mfa_activated }
        : {}),
      updatedOn: this.deps.now(),
    });
    if (!updated) throw tokenNotValid();
    return {
      first_name: updated.firstName,
      last_name: updated.lastName,
      is_mfa_activated: updated.isMfaActivated,
    };
  }

  /**
   * Keeps the sign-in that asked (the refresh-token family its access token names) and revokes
   * every other refresh token of the user. Wrong current passwords count as failed logins.
   */
  async updatePassword(
    userId: number,
    sessionFamilyId: string | undefined,
    input: { current_password: string; new_password: string },
    ip: string,
  ): Promise<{ message: string }> {
    const user = await this.requireUser(userId);
    const failures = Object.values(loginFailureBuckets(this.deps.limits, user.email, ip));
    await this.limiter.assertNotLimited(failures);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      await this.limiter.record(failures);
      throw badRequest(MESSAGES.wrongCurrentPassword, undefined, 'incorrect_password');
    }
    const passwordHash = await hashPassword(input.new_password);
    const now = this.deps.now();
    await this.store.transaction(async (repos) => {
      await repos.users.update(userId, { passwordHash, updatedOn: now });
      await repos.refreshTokens.revokeAllOfUser(userId, now, sessionFamilyId);
    });
    return { message: MESSAGES.passwordUpdated };
  }

  async sendPasswordResetCode(input: { email: string }, ip: string) {
    const user = await this.store.repos.users.findByEmail(input.email);
    await this.sendCode(input.email, user, 'reset_password', ip);
    return { message: MESSAGES.otpSent };
  }

  async resetPassword(
    input: { email: string; otp: string; new_password: string },
    ip: string,
  ): Promise<{ message: string }> {
    const user = await this.store.repos.users.findByEmail(input.email);
    const codeId = await this.checkCode(user, ['reset_password'], input, ip);
    const account = user!;
    // Hashed only once the code is known to be right: wrong guesses cost no argon2 work.
    const passwordHash = await hashPassword(input.new_password);
    const now = this.deps.now();
    const done = await this.store.transaction(async (repos) => {
      if (!(await repos.oneTimeCodes.consume(codeId, now))) return false;
      await repos.users.update(account.id, { passwordHash, updatedOn: now });
      await repos.refreshTokens.revokeAllOfUser(account.id, now);
      return true;
    });
    if (!done) throw invalidOtp();
    return { message: MESSAGES.passwordReset };
  }
}
