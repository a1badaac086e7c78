import type { UpdateProfileAnswer, User } from '@cw/contract';
import { badRequest, tokenNotValid, validationFailed } from '../http/errors';
import { MESSAGES } from './auth-messages';
import type { AuthStore } from './auth-store';
import { hashPassword, verifyPassword } from './passwords';
import { loginFailureBuckets, type AuthLimits, type RateLimiter } from './rate-limit';
import type { SignInSessions } from './sign-in-sessions';
import type { FileRemovals } from '../storage/file-removals';
import { toProfileAnswer, toUserAnswer } from './user.presenter';
import type { UserRow } from './users.repository';

export interface AccountServiceDeps {
  store: AuthStore;
  sessions: SignInSessions;
  limiter: RateLimiter;
  limits: AuthLimits;
  now: () => Date;
  /** Removes the stored files of a deleted account once its rows are gone. */
  removals: FileRemovals;
  /** Told after an account is deleted, once its rows are gone. */
  onDeleted?: (userId: number) => void;
}

/** The signed-in user's own account (user-details/, update-profile/, update-password/). */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async userDetails(userId: number): Promise<User> {
    return toUserAnswer(await this.requireUser(userId));
  }

  /**
   * Switching MFA off needs the current password (a stolen access token alone must not weaken
   * the sign-in); a wrong one counts as a failed login, like in update-password.
   */
  async updateProfile(
    userId: number,
    changes: {
      first_name?: string;
      last_name?: string;
      is_mfa_activated?: boolean;
      words_per_minute?: number;
      current_password?: string;
    },
    ip: string,
  ): Promise<UpdateProfileAnswer> {
    if (changes.is_mfa_activated === false) {
      if (changes.current_password === undefined) {
        throw validationFailed({ current_password: [MESSAGES.fieldRequired] });
      }
      await this.checkCurrentPassword(await this.requireUser(userId), changes.current_password, ip);
    }
    const updated = await this.deps.store.repos.users.update(userId, {
      ...(changes.first_name !== undefined ? { firstName: changes.first_name } : {}),
      ...(changes.last_name !== undefined ? { lastName: changes.last_name } : {}),
      ...(changes.is_mfa_activated !== undefined
        ? { isMfaActivated: changes.is_mfa_activated }
        : {}),
      ...(changes.words_per_minute !== undefined
        ? { wordsPerMinute: changes.words_per_minute }
        : {}),
      updatedOn: this.deps.now(),
    });
    if (!updated) throw tokenNotValid();
    return toProfileAnswer(updated);
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
    const { store, sessions } = this.deps;
    await this.checkCurrentPassword(await this.requireUser(userId), input.current_password, ip);
    const passwordHash = await hashPassword(input.new_password);
    const now = this.deps.now();
    await store.transaction(async (repos) => {
      await repos.users.update(userId, { passwordHash, updatedOn: now });
      await sessions.revokeAll(userId, now, repos, sessionFamilyId);
    });
    return { message: MESSAGES.passwordUpdated };
  }

  /**
   * Deletes the account and everything of it (docs/auth.md, "Deleting the account"): the rows in
   * one transaction, then the stored files. A wrong password is a 400 counted like
   * update-password's. Its tokens are refused from the next request on (`exists`).
   */
  async deleteAccount(userId: number, password: string, ip: string): Promise<{ message: string }> {
    const user = await this.requireUser(userId);
    await this.checkCurrentPassword(user, password, ip, MESSAGES.wrongPassword);
    const keys = await this.deps.store.transaction((repos) =>
      repos.accountDeletion.deleteAccount(user.id, user.email),
    );
    await this.deps.removals.removeNow(keys);
    this.deps.onDeleted?.(user.id);
    return { message: MESSAGES.accountDeleted };
  }

  /** The account still exists: the auth guard's check of every signed-in request. */
  exists(userId: number): Promise<boolean> {
    return this.deps.store.repos.accountDeletion.exists(userId);
  }

  /** A wrong current password is a 400 and counts as a failed login of the account (429 past it). */
  private async checkCurrentPassword(
    user: UserRow,
    password: string,
    ip: string,
    wrong: string = MESSAGES.wrongCurrentPassword,
  ): Promise<void> {
    const { limiter } = this.deps;
    const failures = Object.values(loginFailureBuckets(this.deps.limits, user.email, ip));
    await limiter.assertNotLimited(failures);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await limiter.record(failures);
      throw badRequest(wrong, undefined, 'incorrect_password');
    }
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.deps.store.repos.users.findById(userId);
    // A valid token of an account that no longer exists is a bad token.
    if (!user) throw tokenNotValid();
    return user;
  }
}
