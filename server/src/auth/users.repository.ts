import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { oneTimeCodes, refreshTokens, users } from '../db/schema';
import type { OtpPurpose } from './otp';

export type UserRow = typeof users.$inferSelect;
export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/* ---------------- users ---------------- */

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(
  db: Executor,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    createdOn: Date;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, isVerified: false, isMfaActivated: false, onFreeTrial: true })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function deleteUser(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function updateUser(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'isMfaActivated' | 'isVerified' | 'passwordHash'>
  > & { updatedOn: Date },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return row;
}

/* ---------------- one-time codes ---------------- */

export async function insertOneTimeCode(
  db: Executor,
  values: {
    userId: number;
    purpose: OtpPurpose;
    codeHash: string;
    createdOn: Date;
    expiresAt: Date;
  },
): Promise<OneTimeCodeRow> {
  const [row] = await db.insert(oneTimeCodes).values(values).returning();
  if (!row) throw new Error('insert into one_time_codes returned no row');
  return row;
}

export async function deleteOneTimeCode(db: Executor, id: number): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, id));
}

/**
 * The newest code of the user for any of `purposes`, consumed or not (locked for update inside a
 * transaction). Only the newest one counts: a voided newest code never lets an older one back in.
 */
export async function findNewestOneTimeCode(
  db: Executor,
  userId: number,
  purposes: OtpPurpose[],
  options: { forUpdate?: boolean } = {},
): Promise<OneTimeCodeRow | undefined> {
  const query = db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), inArray(oneTimeCodes.purpose, purposes)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findOneTimeCodeForUpdate(
  db: Executor,
  id: number,
): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.id, id))
    .limit(1)
    .for('update');
  return row;
}

export async function setOneTimeCodeAttempts(
  db: Executor,
  id: number,
  attempts: number,
  consumedAt: Date | null,
): Promise<void> {
  await db.update(oneTimeCodes).set({ attempts, consumedAt }).where(eq(oneTimeCodes.id, id));
}

export async function consumeOneTimeCode(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: at })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/* ---------------- refresh tokens ---------------- */

export async function insertRefreshToken(
  db: Executor,
  values: { userId: number; familyId: string; tokenHash: string; createdOn: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshTokenByHashForUpdate(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

export async function markRefreshTokenRotated(db: Executor, id: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id));
}

export async function revokeRefreshTokenFamily(
  db: Executor,
  familyId: string,
  at: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live refresh token of the user, except those of `keepFamilyId` when given. */
export async function revokeRefreshTokensOfUser(
  db: Executor,
  userId: number,
  at: Date,
  keepFamilyId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}
