import { inArray, lte, sql } from 'drizzle-orm';
import { INVITATION_MAILS_PER_HOUR, INVITATION_RESEND_SECONDS } from '@cw/contract';
import type { Executor } from '../db/executor';
import { rateLimitBuckets } from '../db/schema';
import { tooManyRequests } from '../http/errors';
import type { OtpPurpose } from './otp';

export interface LimitRule {
  /** How many events the window allows. */
  limit: number;
  windowMs: number;
}

/** The auth limits (docs/auth.md). Tests and benches may pass other numbers through AppDeps. */
export interface AuthLimits {
  /** Failed logins per account + client IP (ASVS 2.2.1: 10 in 15 minutes). */
  loginFailuresPerAccountIp: LimitRule;
  /** Failed logins per account from all addresses (100 in an hour). */
  loginFailuresPerAccount: LimitRule;
  /**
   * Wrong one-time codes per address + client IP (verify-otp, reset-password-otp): never per
   * address alone, so wrong codes from strangers never block the owner's right code; the five
   * tries per code cap guessing from many addresses.
   */
  otpFailuresPerAddressIp: LimitRule;
  /** Wrong one-time codes per client IP. */
  otpFailuresPerIp: LimitRule;
  /** New code for one purpose and address (the 30-second resend cool-down). */
  codeResendPerAddressPurpose: LimitRule;
  /** Mails with a code per address, all purposes (stops mail-bombing one inbox). */
  codeSendsPerAddress: LimitRule;
  /** Code-sending calls (register, login with a code, send-otp, reset) per client IP. */
  codeSendsPerIp: LimitRule;
  /**
   * Invitation mails one person sends, invites and resends of all their collections together
   * (20 an hour, decision 193): invitations cannot relay mail to strangers.
   */
  invitationMailsPerInviter: LimitRule;
}

const MINUTE = 60_000;
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerAccountIp: { limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { limit: 100, windowMs: 60 * MINUTE },
  otpFailuresPerAddressIp: { limit: 10, windowMs: 15 * MINUTE },
  otpFailuresPerIp: { limit: 100, windowMs: 60 * MINUTE },
  codeResendPerAddressPurpose: { limit: 1, windowMs: 30 * 1000 },
  codeSendsPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  codeSendsPerIp: { limit: 100, windowMs: 60 * MINUTE },
  invitationMailsPerInviter: { limit: INVITATION_MAILS_PER_HOUR, windowMs: 60 * MINUTE },
};

export interface Bucket {
  key: string;
  rule: LimitRule;
  /** The 429's sentence when this bucket is the one to wait for; the generic one otherwise. */
  refusal?: (retryAfterSeconds: number) => string;
}

/** A failed login, or a wrong current password, counts in both. */
export type LoginFailureBuckets = Record<'perAccountIp' | 'perAccount', Bucket>;
/** A wrong one-time code counts in both. */
export type CodeFailureBuckets = Record<'perAddressIp' | 'perIp', Bucket>;
/** A code mail counts in all three; `coolDown` is the resend limit of one purpose. */
export type CodeSendBuckets = Record<'coolDown' | 'perAddress' | 'perIp', Bucket>;

export const loginFailureBuckets = (
  limits: AuthLimits,
  email: string,
  ip: string,
): LoginFailureBuckets => ({
  perAccountIp: {
    key: `login-fail:acct-ip:${email}|${ip}`,
    rule: limits.loginFailuresPerAccountIp,
  },
  perAccount: { key: `login-fail:acct:${email}`, rule: limits.loginFailuresPerAccount },
});

export const codeFailureBuckets = (
  limits: AuthLimits,
  email: string,
  ip: string,
): CodeFailureBuckets => ({
  perAddressIp: {
    key: `otp-fail:addr-ip:${email}|${ip}`,
    rule: limits.otpFailuresPerAddressIp,
  },
  perIp: { key: `otp-fail:ip:${ip}`, rule: limits.otpFailuresPerIp },
});

export const codeSendBuckets = (
  limits: AuthLimits,
  email: string,
  purpose: OtpPurpose,
  ip: string,
): CodeSendBuckets => ({
  coolDown: { key: `code-send:${purpose}:${email}`, rule: limits.codeResendPerAddressPurpose },
  perAddress: { key: `code-send:addr:${email}`, rule: limits.codeSendsPerAddress },
  perIp: { key: `code-send:ip:${ip}`, rule: limits.codeSendsPerIp },
});

/**
 * Invitation mails to one address, whoever's collection they invite to (the 30-second cool-down
 * of docs/auth.md, "Invitations"; decision 101): counted by an invite and by a resend, in the
 * transaction that queues the mail.
 */
export const invitationMailBucket = (email: string): Bucket => ({
  key: `invitation-send:${email}`,
  rule: { limit: 1, windowMs: INVITATION_RESEND_SECONDS * 1000 },
});

/**
 * Invitation mails one person sends, invites and resends of all their collections together
 * (docs/auth.md, "Invitations"; decision 193): `invitationMailsPerInviter`, 20 an hour. Keyed by
 * the inviter's user id (never reused), counted with the address's cool-down in the transaction
 * that queues the mail.
 */
export const invitationSenderBucket = (userId: number, rule: LimitRule): Bucket => ({
  key: `invitation-send:by-user:${userId}`,
  rule,
  refusal: (seconds) => {
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60
        ? `${seconds} second${seconds === 1 ? '' : 's'}`
        : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    const window =
      rule.windowMs === 60 * MINUTE
        ? 'an hour'
        : `in ${Math.round(rule.windowMs / MINUTE)} minutes`;
    return `You can send ${rule.limit} invitations ${window}. Try again in ${wait}.`;
  },
});

const retryAfterSeconds = (resetAt: Date, now: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));

/**
 * Fixed-window counters in the `rate_limit_buckets` table, so limits hold across processes and
 * restarts. Each count is one atomic upsert (INSERT … ON CONFLICT DO UPDATE), safe under
 * concurrent requests on PostgreSQL and on PGlite. Built on a transaction, its counts commit or
 * roll back with the transaction's other writes.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Executor,
    private readonly now: () => Date,
  ) {}

  /** Throws 429 (with Retry-After) if any bucket is already full; counts nothing. */
  async assertNotLimited(buckets: Bucket[]): Promise<void> {
    const seconds = await this.limitedFor(buckets);
    if (seconds !== undefined) throw tooManyRequests(seconds);
  }

  /**
   * The seconds until every full bucket has room again (what Retry-After would say), or
   * undefined when none is full; counts nothing.
   */
  async limitedFor(buckets: Bucket[]): Promise<number | undefined> {
    if (buckets.length === 0) return undefined;
    const now = this.now();
    const rows = await this.db
      .select()
      .from(rateLimitBuckets)
      .where(
        inArray(
          rateLimitBuckets.key,
          buckets.map((bucket) => bucket.key),
        ),
      );
    let worst: number | undefined;
    for (const row of rows) {
      const rule = buckets.find((bucket) => bucket.key === row.key)?.rule;
      if (rule && row.resetAt > now && row.count >= rule.limit) {
        worst = Math.max(worst ?? 0, retryAfterSeconds(row.resetAt, now));
      }
    }
    return worst;
  }

  /**
   * Counts one event in every bucket; throws 429 when that event is over a bucket's limit.
   * The refused event stays counted only in the buckets it was over (hammering does not reopen
   * the window), and is given back in the others.
   */
  async consume(buckets: Bucket[]): Promise<void> {
    const now = this.now();
    const rows = await this.increment(buckets, now);
    let worst: { seconds: number; bucket: Bucket } | undefined;
    const withinLimit: Bucket[] = [];
    for (const bucket of buckets) {
      const row = rows.find((r) => r.key === bucket.key);
      if (row && row.count > bucket.rule.limit) {
        const seconds = retryAfterSeconds(row.resetAt, now);
        if (!worst || seconds > worst.seconds) worst = { seconds, bucket };
      } else {
        withinLimit.push(bucket);
      }
    }
    if (worst !== undefined) {
      await this.release(withinLimit);
      throw tooManyRequests(worst.seconds, worst.bucket.refusal?.(worst.seconds));
    }
  }

  /** Counts one event in every bucket without ever throwing (e.g. a failed login). */
  async record(buckets: Bucket[]): Promise<void> {
    await this.increment(buckets, this.now());
  }

  /** Gives back one event (e.g. the mail could not be sent, so no code went out). */
  async release(buckets: Bucket[]): Promise<void> {
    if (buckets.length === 0) return;
    await this.db
      .update(rateLimitBuckets)
      .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
      .where(
        inArray(
          rateLimitBuckets.key,
          buckets.map((bucket) => bucket.key),
        ),
      );
  }

  /** Forgets buckets (e.g. a successful login clears its account + IP failures). */
  async reset(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(rateLimitBuckets).where(inArray(rateLimitBuckets.key, keys));
  }

  /** One atomic upsert for all buckets: a bucket whose window has passed starts again at 1. */
  private async increment(buckets: Bucket[], now: Date) {
    if (buckets.length === 0) return [];
    const expired = sql`${rateLimitBuckets.resetAt} <= ${now.toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(rateLimitBuckets)
      .values(
        buckets.map(({ key, rule }) => ({
          key,
          count: 1,
          resetAt: new Date(now.getTime() + rule.windowMs),
        })),
      )
      .onConflictDoUpdate({
        target: rateLimitBuckets.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitBuckets.resetAt} end`,
        },
      })
      .returning({
        key: rateLimitBuckets.key,
        count: rateLimitBuckets.count,
        resetAt: rateLimitBuckets.resetAt,
      });
    await this.sweepNowAndThen(now);
    return rows;
  }

  /** Expired buckets are deleted every few hundred hits, so the table stays small. */
  private async sweepNowAndThen(now: Date) {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 500) return;
    this.hitsSinceSweep = 0;
    await this.db.delete(rateLimitBuckets).where(lte(rateLimitBuckets.resetAt, now));
  }
}
