import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitBuckets } from '../db/schema';
import { tooManyRequests } from '../http/errors';

export interface LimitRule {
  /** How many events the window allows. */
  limit: number;
  windowMs: number;
}

/** The auth limits (contract §3). Tests and benches may pass other numbers through AppDeps. */
export interface AuthLimits {
  /** Failed logins per account + client IP (ASVS 2.2.1: 10 in 15 minutes). */
  loginFailuresPerAccountIp: LimitRule;
  /** Failed logins per account from all addresses (100 in an hour). */
  loginFailuresPerAccount: LimitRule;
  /** Wrong one-time codes per address (verify-otp, reset-password-otp). */
  otpFailuresPerAddress: LimitRule;
  /** Wrong one-time codes per client IP. */
  otpFailuresPerIp: LimitRule;
  /** New code for one purpose and address (the 30-second resend cool-down). */
  codeResendPerAddressPurpose: LimitRule;
  /** Mails with a code per address, all purposes (stops mail-bombing one inbox). */
  codeSendsPerAddress: LimitRule;
  /** Code-sending calls (register, login with a code, send-otp, reset) per client IP. */
  codeSendsPerIp: LimitRule;
}

const MINUTE = 60_000;
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginFailuresPerAccountIp: { limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { limit: 100, windowMs: 60 * MINUTE },
  otpFailuresPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  otpFailuresPerIp: { limit: 100, windowMs: 60 * MINUTE },
  codeResendPerAddressPurpose: { limit: 1, windowMs: 30 * 1000 },
  codeSendsPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  codeSendsPerIp: { limit: 100, windowMs: 60 * MINUTE },
};

export interface Bucket {
  key: string;
  rule: LimitRule;
}

const retryAfterSeconds = (resetAt: Date, now: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));

/**
 * Fixed-window counters in the `rate_limit_buckets` table, so limits hold across processes and
 * restarts. Each count is one atomic upsert (INSERT … ON CONFLICT DO UPDATE), safe under
 * concurrent requests on PostgreSQL and on PGlite.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Throws 429 (with Retry-After) if any bucket is already full; counts nothing. */
  async assertNotLimited(buckets: Bucket[]): Promise<void> {
    const now = this.now();
    for (const { key, rule } of buckets) {
      const [row] = await this.db
        .select()
        .from(rateLimitBuckets)
        .where(eq(rateLimitBuckets.key, key))
        .limit(1);
      if (row && row.resetAt > now && row.count >= rule.limit) {
        throw tooManyRequests(retryAfterSeconds(row.resetAt, now));
      }
    }
  }

  /**
   * Counts one event in every bucket; throws 429 when that event is over a bucket's limit
   * (the over-limit event is still counted, so hammering does not reopen the window).
   */
  async consume(buckets: Bucket[]): Promise<void> {
    const now = this.now();
    let worst: number | undefined;
    const withinLimit: Bucket[] = [];
    for (const bucket of buckets) {
      const { count, resetAt } = await this.increment(bucket, now);
      if (count > bucket.rule.limit) {
        worst = Math.max(worst ?? 0, retryAfterSeconds(resetAt, now));
      } else {
        withinLimit.push(bucket);
      }
    }
    if (worst !== undefined) {
      // The refused event did not happen: it only stays counted where it was over the limit.
      await this.release(withinLimit);
      throw tooManyRequests(worst);
    }
  }

  /** Counts one event in every bucket without ever throwing (e.g. a failed login). */
  async record(buckets: Bucket[]): Promise<void> {
    const now = this.now();
    for (const bucket of buckets) await this.increment(bucket, now);
  }

  /** Gives back one event (e.g. the mail could not be sent, so no code went out). */
  async release(buckets: Bucket[]): Promise<void> {
    for (const { key } of buckets) {
      await this.db
        .update(rateLimitBuckets)
        .set({ count: sql`greatest(${rateLimitBuckets.count} - 1, 0)` })
        .where(eq(rateLimitBuckets.key, key));
    }
  }

  /** Forgets buckets (e.g. a successful login clears its account + IP failures). */
  async reset(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.db.delete(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    }
  }

  private async increment({ key, rule }: Bucket, now: Date) {
    const nowIso = now.toISOString();
    const resetIso = new Date(now.getTime() + rule.windowMs).toISOString();
    const expired = sql`${rateLimitBuckets.resetAt} <= ${nowIso}::timestamptz`;
    const [row] = await this.db
      .insert(rateLimitBuckets)
      .values({ key, count: 1, resetAt: new Date(resetIso) })
      .onConflictDoUpdate({
        target: rateLimitBuckets.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitBuckets.count} + 1 end`,
          resetAt: sql`case when ${expired} then ${resetIso}::timestamptz else ${rateLimitBuckets.resetAt} end`,
        },
      })
      .returning({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
    await this.sweepNowAndThen(now);
    if (!row) throw new Error('rate limit upsert returned no row');
    return row;
  }

  /** Expired buckets are deleted every few hundred hits, so the table stays small. */
  private async sweepNowAndThen(now: Date) {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 500) return;
    this.hitsSinceSweep = 0;
    await this.db.delete(rateLimitBuckets).where(lte(rateLimitBuckets.resetAt, now));
  }
}
