import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { EXPORT_TICKET_TTL_SECONDS } from '@cw/contract';
import { AppError } from '../http/errors';
import { hmacKeyFor, userIdOfSubject } from './tokens';

const ALGORITHM = 'HS256';
const ISSUER = 'creator-workspace';
const TYPE = 'download';
/** A sign-in id as SignInSessions makes them (randomUUID). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface TicketClaims {
  userId: number;
  /** The sign-in the ticket was asked for, when the access token named one. */
  familyId: string | undefined;
}

/** The 401 of any ticket that is not good: malformed, tampered, expired, or for no one. */
export const ticketNotValid = () =>
  new AppError(
    401,
    'token_not_valid',
    'This download link is not valid or has expired. Start the export again.',
  );

/**
 * Download tickets (docs/auth.md, "Download tickets"; decision 151): a JWT HS256 under a key of
 * its own, derived from the server secret (`HMAC(JWT_SECRET, "creator-workspace:download-ticket")`),
 * so neither an access nor a refresh token is ever taken for one, nor one for them. Claims: `sub`
 * (user id), `typ: "download"`, `fam` (the sign-in, when known), `iat`, `exp` 60 s after it.
 * Times come from the app's clock, so tests move them. Not single-use: short expiry instead.
 */
export class DownloadTickets {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = hmacKeyFor(secret, 'download-ticket');
  }

  async issue(userId: number, familyId: string | undefined): Promise<string> {
    const seconds = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(familyId ? { typ: TYPE, fam: familyId } : { typ: TYPE })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + EXPORT_TICKET_TTL_SECONDS)
      .sign(await this.key);
  }

  /** The ticket's user and sign-in; `ticketNotValid()` for anything else. */
  async verify(ticket: string): Promise<TicketClaims> {
    try {
      const { payload } = await jwtVerify(ticket, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'iat', 'sub', 'typ'],
        currentDate: this.now(),
        // No leeway: a ticket is asked for the moment before it is used.
        clockTolerance: 0,
      });
      const userId = userIdOfSubject(payload.sub);
      if (payload.typ !== TYPE || userId === null) throw ticketNotValid();
      const fam = payload.fam;
      if (fam !== undefined && (typeof fam !== 'string' || !UUID.test(fam))) throw ticketNotValid();
      // Never longer than 60 s, whatever signed it (a ticket of another build or a bug).
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > EXPORT_TICKET_TTL_SECONDS)
        throw ticketNotValid();
      return { userId, familyId: fam };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw ticketNotValid();
      throw error;
    }
  }
}
