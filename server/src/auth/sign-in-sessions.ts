import { createHmac, randomUUID } from 'node:crypto';
import type { TokenPair } from '@cw/contract';
import { tokenNotValid } from '../http/errors';
import type { AuthRepositories, AuthStore } from './auth-store';
import { deriveKey, type TokenService } from './tokens';

export interface SignInSessionsDeps {
  store: AuthStore;
  tokens: TokenService;
  secret: string;
  now: () => Date;
}

/**
 * A sign-in is a refresh-token family: started with a first token, rotated on every refresh,
 * revoked whole. Refresh tokens are stored only as keyed hashes.
 */
export class SignInSessions {
  private readonly refreshKey: Buffer;

  constructor(private readonly deps: SignInSessionsDeps) {
    this.refreshKey = deriveKey(deps.secret, 'refresh-hash');
  }

  /** A new sign-in; `repos` of an open transaction makes it part of that transaction. */
  async start(userId: number, repos: AuthRepositories = this.deps.store.repos): Promise<TokenPair> {
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

  /** Exchanges a live refresh token for a new pair; the old token is rotated out. */
  async refresh(refresh: string): Promise<TokenPair> {
    const { tokens } = this.deps;
    const claims = await tokens.verifyRefresh(refresh);
    const tokenHash = this.hashRefresh(refresh);
    const next = await tokens.signRefresh(claims.userId, claims.familyId);
    const access = await tokens.signAccess(claims.userId, claims.familyId);
    const now = this.deps.now();
    const outcome = await this.deps.store.transaction(async (repos) => {
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

  /**
   * Ends every sign-in of the user but `keepFamilyId`'s, inside the caller's transaction, so a
   * password change and the sign-outs it causes stand or fall together.
   */
  async revokeAll(
    userId: number,
    at: Date,
    repos: AuthRepositories,
    keepFamilyId?: string,
  ): Promise<void> {
    await repos.refreshTokens.revokeAllOfUser(userId, at, keepFamilyId);
  }

  private hashRefresh(token: string): string {
    return createHmac('sha256', this.refreshKey).update(token).digest('hex');
  }
}
