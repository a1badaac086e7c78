import { badRequest } from '../http/errors';
import type { MailQueue } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import { codeMail } from '../mail/messages';
import { MESSAGES } from './auth-messages';
import type { AuthRepositories, AuthStore } from './auth-store';
import {
  OTP_MAX_ATTEMPTS,
  OTP_PURPOSES,
  OTP_TTL_MS,
  OtpHasher,
  generateOtp,
  type OtpPurpose,
} from './otp';
import {
  codeFailureBuckets,
  codeSendBuckets,
  type AuthLimits,
  type RateLimiter,
} from './rate-limit';
import type { UserRow } from './users.repository';

export interface OneTimeCodesDeps {
  store: AuthStore;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Where `send` queues code mails; its worker calls `deliver`. */
  mailQueue: Pick<MailQueue, 'kick'>;
  secret: string;
  limits: AuthLimits;
  now: () => Date;
}

/** A right code of a real account, still unconsumed. */
export interface MatchedCode {
  user: UserRow;
  codeId: number;
}

export const invalidOtp = () => badRequest(MESSAGES.invalidOtp, undefined, 'invalid_otp');

/** The mailed six-digit codes: sending them within their limits, checking and consuming them. */
export class OneTimeCodes {
  private readonly hasher: OtpHasher;

  constructor(private readonly deps: OneTimeCodesDeps) {
    this.hasher = new OtpHasher(deps.secret);
  }

  /**
   * Counts a code send against the limits (429 when over), then queues the mail; the worker
   * makes the code and sends it after the answer (decision 029), so the answer takes the same
   * time whether or not an account will get a mail. The resend cool-down and the client's IP
   * limit count every call, account or not (decision 024); the address's mail quota counts only
   * a mail that will really go (`mailsAccount`: the caller found an account to mail), so calls
   * that send nothing (an unknown address, send-otp of a verified account) never use it up. A
   * sign-in whose password was right (`passwordChecked`) is counted in that quota but never
   * refused by it: strangers spending the quota (e.g. with reset mails) cannot stop the owner's
   * sign-in code.
   */
  async send(
    email: string,
    mailsAccount: boolean,
    purpose: OtpPurpose,
    ip: string,
    options: { passwordChecked?: boolean } = {},
  ): Promise<void> {
    const { limiter } = this.deps;
    const { coolDown, perAddress, perIp } = codeSendBuckets(this.deps.limits, email, purpose, ip);
    if (!mailsAccount) {
      await limiter.consume([coolDown, perIp]);
    } else if (options.passwordChecked) {
      await limiter.consume([coolDown, perIp]);
      await limiter.record([perAddress]);
    } else {
      await limiter.consume([coolDown, perAddress, perIp]);
    }
    await this.queue(email, purpose);
    this.mailSoon();
  }

  /** Has the queue's worker send what was queued, once the answer is on its way. */
  mailSoon(): void {
    this.deps.mailQueue.kick();
  }

  /**
   * Queues a code mail to `email`, in the caller's transaction when `repos` is given (then kick
   * the queue after the commit). The row names no code: the worker makes it when it sends.
   */
  async queue(
    email: string,
    purpose: OtpPurpose,
    repos: AuthRepositories = this.deps.store.repos,
  ): Promise<void> {
    await repos.queuedMails.enqueue({ recipient: email, purpose, at: this.deps.now() });
  }

  /** Whether a code for `purpose` went to `email` within the resend cool-down. */
  async sentMomentsAgo(email: string, purpose: OtpPurpose, ip: string): Promise<boolean> {
    const { coolDown } = codeSendBuckets(this.deps.limits, email, purpose, ip);
    return (await this.deps.limiter.limitedFor([coolDown])) !== undefined;
  }

  /**
   * The mail queue's delivery of one code mail (after the answer): decides again, from the
   * account as it is now, whether there is anyone to mail; if so stores a new code (as a keyed
   * hash) and mails it. A mail that cannot be sent leaves no code behind and throws, so the
   * queue tries again later with a new code.
   */
  async deliver(mail: { recipient: string; purpose: string }): Promise<void> {
    const purpose = OTP_PURPOSES.find((known) => known === mail.purpose);
    if (!purpose) return;
    const { store } = this.deps;
    const user = await store.repos.users.findByEmail(mail.recipient);
    // A verification code only for an address not verified yet; the others for any account.
    if (!user || (purpose === 'verify_email' && user.isVerified)) return;
    const { id, code } = await this.issue(user, purpose, this.deps.now(), store.repos);
    try {
      await this.deps.mailer.send(
        codeMail({
          to: user.email,
          firstName: user.firstName,
          addressVerified: user.isVerified,
          code,
          purpose,
          validMinutes: OTP_TTL_MS / 60_000,
        }),
      );
    } catch (error) {
      await store.repos.oneTimeCodes.delete(id);
      throw error;
    }
  }

  /** Stores a new code for the user, as a keyed hash, and returns it in clear for the mail. */
  private async issue(
    user: UserRow,
    purpose: OtpPurpose,
    now: Date,
    repos: AuthRepositories,
  ): Promise<{ id: number; code: string }> {
    const code = generateOtp();
    const row = await repos.oneTimeCodes.insert({
      userId: user.id,
      purpose,
      codeHash: this.hasher.hash(user.id, purpose, code),
      createdOn: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
    return { id: row.id, code };
  }

  /**
   * Checks `otp` against the newest code of the account of `email` for `purposes` and, if it
   * matches, returns the account and that code (still unconsumed: the caller consumes it in the
   * transaction that applies the effect). Anything else is the contract's 400. A wrong code
   * counts a try (the fifth voids it) and a failure against the limits; those writes are
   * committed even though the request answers 400.
   */
  async check(
    input: { email: string; otp: string },
    purposes: OtpPurpose[],
    ip: string,
  ): Promise<MatchedCode> {
    const { store, limiter } = this.deps;
    const user = await store.repos.users.findByEmail(input.email);
    const failures = Object.values(codeFailureBuckets(this.deps.limits, input.email, ip));
    await limiter.assertNotLimited(failures);
    let codeId: number | undefined;
    if (user) {
      codeId = await this.matchNewest(user, purposes, input.otp);
    } else {
      // Same work as for a real account, so timing does not tell which addresses exist.
      this.hasher.matches('00'.repeat(32), 0, 'login', input.otp);
    }
    if (!user || codeId === undefined) {
      await limiter.record(failures);
      throw invalidOtp();
    }
    return { user, codeId };
  }

  /** False when a concurrent request consumed the code first. */
  consume(code: MatchedCode, at: Date, repos: AuthRepositories): Promise<boolean> {
    return repos.oneTimeCodes.consume(code.codeId, at);
  }

  /** The id of the newest code if `otp` is it and it is still usable; counts a wrong try. */
  private matchNewest(
    user: UserRow,
    purposes: OtpPurpose[],
    otp: string,
  ): Promise<number | undefined> {
    const now = this.deps.now();
    return this.deps.store.transaction(async (repos) => {
      const row = await repos.oneTimeCodes.findNewestForUpdate(user.id, purposes);
      if (!row || row.consumedAt || row.expiresAt <= now || row.attempts >= OTP_MAX_ATTEMPTS) {
        return undefined;
      }
      if (this.hasher.matches(row.codeHash, user.id, row.purpose as OtpPurpose, otp)) {
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
  }
}
