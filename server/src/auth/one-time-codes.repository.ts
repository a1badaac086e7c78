import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { oneTimeCodes } from '../db/schema';
import type { OtpPurpose } from './otp';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export interface NewOneTimeCodeValues {
  userId: number;
  purpose: OtpPurpose;
  codeHash: string;
  createdOn: Date;
  expiresAt: Date;
}

export class OneTimeCodesRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: NewOneTimeCodeValues): Promise<OneTimeCodeRow> {
    const [row] = await this.db.insert(oneTimeCodes).values(values).returning();
    if (!row) throw new Error('insert into one_time_codes returned no row');
    return row;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
  }

  /**
   * The newest code of the user for any of `purposes`, consumed or not, locked for update (call
   * it inside a transaction). Only the newest one counts: a voided newest code never lets an
   * older one back in.
   */
  async findNewestForUpdate(
    userId: number,
    purposes: OtpPurpose[],
  ): Promise<OneTimeCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), inArray(oneTimeCodes.purpose, purposes)))
      .orderBy(desc(oneTimeCodes.id))
      .limit(1)
      .for('update');
    return row;
  }

  async setAttempts(id: number, attempts: number, consumedAt: Date | null): Promise<void> {
    await this.db.update(oneTimeCodes).set({ attempts, consumedAt }).where(eq(oneTimeCodes.id, id));
  }

  /** False when the code was consumed already (by a concurrent request). */
  async consume(id: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: at })
      .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    return rows.length === 1;
  }
}
