import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { tokenPairSchema, type TokenPair } from '@cw/contract';
import { tokenNotValid } from '../http/errors';
import type { AuthRepositories, AuthStore } from './auth-store';
import type { RefreshTokenRow } from './refresh-tokens.repository';
import { deriveKey, type TokenService } from './tokens';

/** How long a rotated refresh token still gets the pair it was exchanged for (two tabs). */
export const REFRESH_GRACE_MS = 30_000;

const toBase64Url = (part: string | Buffer): string =>
  typeof part === 'string' ? part : part.toString('base64url');

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
  private readonly successorSalt: Buffer;

  constructor(private readonly deps: SignInSessionsDeps) {
    this.refreshKey = deriveKey(deps.secret, 'refresh-hash');
    this.successorSalt = deriveKey(deps.secret, 'refresh-successor');
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

  /**
   * Exchanges a live refresh token for a new pair; the old token is rotated out. The same token
   * presented again within REFRESH_GRACE_MS (two tabs refreshing at once) gets the same new pair;
   * later, it is reuse and ends the whole sign-in. The row lock makes concurrent refreshes of one
   * token take turns, on PGlite and PostgreSQL alike.
   */
  async refresh(refresh: string): Promise<TokenPair> {
    const { tokens } = this.deps;
    const claims = await tokens.verifyRefresh(refresh);
    const tokenHash = this.hashRefresh(refresh);
    const next = await tokens.signRefresh(claims.userId, claims.familyId);
    const access = await tokens.signAccess(claims.userId, claims.familyId);
    const successor: TokenPair = { access, refresh: next.token };
    const now = this.deps.now();
    const pair = await this.deps.store.transaction(async (repos) => {
      const row = await repos.refreshTokens.findByHashForUpdate(tokenHash);
      if (!row || row.userId !== claims.userId || row.familyId !== claims.familyId)
        return undefined;
      if (row.revokedAt) return undefined;
      if (row.rotatedAt) {
        const withinGrace = now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS;
        const earlier = withinGrace ? this.openSuccessor(refresh, row) : undefined;
        if (earlier) return earlier;
        // A rotated token came back: someone holds a copy. End that whole sign-in.
        await repos.refreshTokens.revokeFamily(row.familyId, now);
        return undefined;
      }
      if (row.expiresAt <= now) return undefined;
      await repos.refreshTokens.markRotated(
        row.id,
        now,
        this.sealSuccessor(refresh, row, successor),
      );
      await repos.refreshTokens.insert({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: this.hashRefresh(next.token),
        createdOn: now,
        expiresAt: next.claims.expiresAt,
      });
      return successor;
    });
    if (!pair) throw tokenNotValid();
    return pair;
  }

  /**
   * The sign-in has not ended (signed out by a password change or reset, or its refresh token
   * reused): what a download ticket of that sign-in is checked against (docs/auth.md).
   */
  isLive(userId: number, familyId: string): Promise<boolean> {
    return this.deps.store.repos.refreshTokens.familyIsLive(userId, familyId, this.deps.now());
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

  /**
   * The key that seals a token's successor: HKDF-SHA256 of the token itself (never stored),
   * salted with a key of the server secret. Only whoever presents the token can derive it.
   */
  private successorKey(presented: string): Buffer {
    return Buffer.from(
      hkdfSync('sha256', presented, this.successorSalt, 'creator-workspace:refresh-successor', 32),
    );
  }

  /** AES-256-GCM, bound to the row it is stored in: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  private sealSuccessor(presented: string, row: RefreshTokenRow, pair: TokenPair): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.successorKey(presented), iv);
    cipher.setAAD(Buffer.from(`refresh-successor:${row.id}`));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed].map(toBase64Url).join('.');
  }

  /** The sealed pair, or undefined when there is none or it does not open with this token. */
  private openSuccessor(presented: string, row: RefreshTokenRow): TokenPair | undefined {
    const [version, iv, tag, sealed] = (row.successorSealed ?? '').split('.');
    if (version !== 'v1' || !iv || !tag || sealed === undefined) return undefined;
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.successorKey(presented),
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAAD(Buffer.from(`refresh-successor:${row.id}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const opened = Buffer.concat([
        decipher.update(Buffer.from(sealed, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      const parsed = tokenPairSchema.safeParse(JSON.parse(opened));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
