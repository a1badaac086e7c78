import { createHmac, randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { MAX_ID } from '@cw/contract';
import { tokenNotValid } from '../http/errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'creator-workspace';
/** Verified access tokens kept in memory (about 300 bytes each). */
const VERIFIED_ACCESS_MAX = 10_000;

export type TokenType = 'access' | 'refresh';

/** A user id as this server writes it in `sub`: no sign, no leading zero, no fraction, no hex. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** The user id of a `sub` claim, or null unless it is the canonical form of an id. */
export function userIdOfSubject(sub: unknown): number | null {
  if (typeof sub !== 'string' || !CANONICAL_ID.test(sub)) return null;
  const id = Number(sub);
  return id <= MAX_ID ? id : null;
}

export interface AccessClaims {
  userId: number;
  /** The sign-in (refresh-token family) this access token was issued for, when known. */
  familyId: string | undefined;
}
export interface RefreshClaims {
  userId: number;
  familyId: string;
  jti: string;
  expiresAt: Date;
}

/** Keys derived from the one server secret, so a key for one purpose is useless for another. */
export function deriveKey(
  secret: string,
  purpose: 'jwt' | 'otp' | 'refresh-hash' | 'refresh-successor' | 'download-ticket',
): Buffer {
  return createHmac('sha256', secret).update(`creator-workspace:${purpose}`).digest();
}

/** The HMAC-SHA-256 signing key of a purpose, imported once by whoever signs with it. */
export function hmacKeyFor(
  secret: string,
  purpose: 'jwt' | 'download-ticket',
): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey(
    'raw',
    new Uint8Array(deriveKey(secret, purpose)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/** Signs and checks the two token types. A token of one type is never accepted as the other. */
export class TokenService {
  /**
   * Imported once: handing jose raw bytes makes WebCrypto import the key again on every call,
   * which was 8 % of the CPU of a signed-in list request (bench/README.md).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Access tokens already verified, until they expire: the signature of a given token string
   * checks the same way every time, so the HMAC runs once per token, not once per request
   * (bench/README.md, "Floors"). Bounded; revocation never relied on the signature (the guard
   * asks the database whether the account still exists, docs/auth.md).
   */
  private readonly verifiedAccess = new Map<
    string,
    { claims: AccessClaims; expiresAtMs: number }
  >();

  constructor(secret: string) {
    this.key = hmacKeyFor(secret, 'jwt');
  }

  /** `familyId` ties the access token to its sign-in, so update-password can keep that one. */
  async signAccess(userId: number, familyId?: string): Promise<string> {
    return new SignJWT(familyId ? { typ: 'access', fam: familyId } : { typ: 'access' })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(await this.key);
  }

  async signRefresh(
    userId: number,
    familyId: string,
  ): Promise<{ token: string; claims: RefreshClaims }> {
    const jti = randomUUID();
    const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
    const token = await new SignJWT({ typ: 'refresh', fam: familyId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(jti)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
    return { token, claims: { userId, familyId, jti, expiresAt } };
  }

  /** Throws the contract's 401 token_not_valid for anything but a valid, unexpired access token. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    const known = this.verifiedAccess.get(token);
    if (known && known.expiresAtMs > Date.now()) return known.claims;
    if (known) this.verifiedAccess.delete(token);
    const payload = await this.verify(token, 'access');
    const fam = payload.raw.fam;
    const claims = { userId: payload.userId, familyId: typeof fam === 'string' ? fam : undefined };
    // requiredClaims makes `exp` present once verified.
    const expiresAtMs = (payload.raw.exp ?? 0) * 1000;
    if (this.verifiedAccess.size >= VERIFIED_ACCESS_MAX) {
      // Map keeps insertion order: the first key is the oldest.
      const oldest = this.verifiedAccess.keys().next();
      if (!oldest.done) this.verifiedAccess.delete(oldest.value);
    }
    this.verifiedAccess.set(token, { claims, expiresAtMs });
    return claims;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims> {
    const payload = await this.verify(token, 'refresh');
    if (
      typeof payload.raw.fam !== 'string' ||
      typeof payload.raw.jti !== 'string' ||
      !payload.raw.exp
    ) {
      throw tokenNotValid();
    }
    return {
      userId: payload.userId,
      familyId: payload.raw.fam,
      jti: payload.raw.jti,
      expiresAt: new Date(payload.raw.exp * 1000),
    };
  }

  private async verify(token: string, type: TokenType) {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub', 'typ'],
      });
      const userId = userIdOfSubject(payload.sub);
      if (payload.typ !== type || userId === null) throw tokenNotValid();
      return { userId, raw: payload };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw tokenNotValid();
      throw error;
    }
  }
}
