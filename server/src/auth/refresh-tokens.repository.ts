import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { refreshTokens } from '../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export interface NewRefreshTokenValues {
  userId: number;
  familyId: string;
  tokenHash: string;
  createdOn: Date;
  expiresAt: Date;
}

export class RefreshTokensRepository {
  constructor(private readonly db: Executor) {}

  async insert(values: NewRefreshTokenValues): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  /** Locked for update: call it inside a transaction. */
  async findByHashForUpdate(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1)
      .for('update');
    return row;
  }

  /** `successorSealed`: the new pair, sealed with a key only the rotated token's holder has. */
  async markRotated(id: number, at: Date, successorSealed: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ rotatedAt: at, successorSealed })
      .where(eq(refreshTokens.id, id));
  }

  /** The sign-in still has a refresh token that is neither revoked nor expired. */
  async familyIsLive(userId: number, familyId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Revokes every live refresh token of the user, except those of `keepFamilyId` when given. */
  async revokeAllOfUser(userId: number, at: Date, keepFamilyId?: string): Promise<void> {
    await this.db
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
}
