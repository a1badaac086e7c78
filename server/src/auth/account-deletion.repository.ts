import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { collectionMembers, files, jobs, rateLimitBuckets, users } from '../db/schema';
import { mailJobsTo } from '../mail/mail-queue';
import { QueuedFileRemovals } from '../storage/file-removals';

/** The stored bytes an unfinished job names: its upload, and keys recorded before their rows. */
function storageKeysOf(job: {
  payload: Record<string, unknown>;
  result: Record<string, unknown>;
}): string[] {
  const upload = job.payload.storageKey;
  const recorded = (job.result.created_ids as { keys?: unknown } | undefined)?.keys;
  return [
    ...(typeof upload === 'string' ? [upload] : []),
    ...(Array.isArray(recorded) ? recorded.filter((key) => typeof key === 'string') : []),
  ];
}

/**
 * Everything of one account, deleted in one transaction (docs/auth.md, "Deleting the account";
 * decision 132). Deleting the user row takes, by ON DELETE CASCADE, their refresh tokens,
 * codes, tags, collections (with their notes, links and every membership of them), content
 * items (with links and files), files, import jobs and their own memberships of others'
 * collections.
 */
export class AccountDeletionRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Deletes the account `userId` (whose normalised address is `email`) and queues the removal of
   * its stored files; answers their storage keys, to remove once the transaction has committed.
   */
  async deleteAccount(userId: number, email: string): Promise<string[]> {
    // The owner's row lock serialises this with their uploads (files.repository lockOwner).
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const stored = await this.db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(eq(files.userId, userId));
    // Imports not finished: the uploaded zip, and bytes a worker stored before their rows
    // (decision 135). Their job rows go with the user; a worker still on one loses its fence.
    const pendingImports = await this.db
      .select({ payload: jobs.payload, result: jobs.result })
      .from(jobs)
      .where(and(eq(jobs.userId, userId), inArray(jobs.status, ['held', 'queued', 'running'])));
    const keys = [
      ...stored.map((row) => row.storageKey),
      ...pendingImports.flatMap((job) => storageKeysOf(job)),
    ];
    await new QueuedFileRemovals(this.db).queue(keys);
    // Invitations they sent that nobody accepted yet (accepted ones stay with their collection).
    await this.db
      .delete(collectionMembers)
      .where(and(eq(collectionMembers.invitedBy, userId), eq(collectionMembers.status, 'invited')));
    // Rate-limit counters and queued code mails keyed by their address (auth/rate-limit.ts keys).
    const suffix = `:${email}`;
    await this.db
      .delete(rateLimitBuckets)
      .where(
        or(
          eq(rateLimitBuckets.key, `login-fail:acct:${email}`),
          sql`starts_with(${rateLimitBuckets.key}, ${`login-fail:acct-ip:${email}|`})`,
          sql`starts_with(${rateLimitBuckets.key}, ${`otp-fail:addr-ip:${email}|`})`,
          sql`(starts_with(${rateLimitBuckets.key}, 'code-send:') and right(${rateLimitBuckets.key}, ${suffix.length}) = ${suffix})`,
          eq(rateLimitBuckets.key, `invitation-send:${email}`),
        ),
      );
    await this.db.delete(jobs).where(mailJobsTo(email));
    await this.db.delete(users).where(eq(users.id, userId));
    return keys;
  }

  /** The account still exists (a token of a deleted account is refused at once). */
  async exists(userId: number): Promise<boolean> {
    const [row] = await this.existsQuery().execute({ userId });
    return row !== undefined;
  }

  /**
   * Every signed-in request asks this: built once per repository and run as a named prepared
   * statement (parsed and planned once per connection on PostgreSQL; bench/README.md, "Floors").
   */
  private existsQuery() {
    this.prepared ??= this.buildExists();
    return this.prepared;
  }

  private prepared: ReturnType<AccountDeletionRepository['buildExists']> | undefined;

  private buildExists() {
    return this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('account_exists');
  }
}
