import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { EXPORT_TICKET_TTL_SECONDS } from '@cw/contract';
import { pathOf } from '@cw/contract/routes';
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

const EXPORT_PATH = pathOf('export.download');

/**
 * The 401 of any ticket that is not good: malformed, tampered, expired, for no one, or for
 * another address. Its sentence names what to do again: the export's, or a file preview's.
 */
export const ticketNotValid = (path: string = EXPORT_PATH) =>
  new AppError(
    401,
    'token_not_valid',
    path === EXPORT_PATH
      ? 'This download link is not valid or has expired. Start the export again.'
      : 'This link is not valid or has expired. Open the file again.',
  );

/**
 * Download tickets (docs/auth.md, "Download tickets"; decision 151): a JWT HS256 under a key of
 * its own, derived from the server secret (`HMAC(JWT_SECRET, "creator-workspace:download-ticket")`),
 * so neither an access nor a refresh token is ever taken for one, nor one for them. Claims: `sub`
 * (user id), `typ: "download"`, `fam` (the sign-in, when known), `aud` (the one address it opens,
 * a path without its query: `/api/export/`, `/api/collections/files/7/preview/`; decision 191),
 * `iat`, `exp` 60 s after it. Times come from the app's clock, so tests move them. Not
 * single-use: short expiry instead.
 */
export class DownloadTickets {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly now: () => Date,
  ) {
    this.key = hmacKeyFor(secret, 'download-ticket');
  }

  /** A ticket for `path` (the address it opens, without a query) alone. */
  async issue(userId: number, familyId: string | undefined, path: string): Promise<string> {
    const seconds = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(familyId ? { typ: TYPE, fam: familyId } : { typ: TYPE })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(path)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + EXPORT_TICKET_TTL_SECONDS)
      .sign(await this.key);
  }

  /**
   * The ticket's user and sign-in when it was made for `path` (the request's path without its
   * query); `ticketNotValid(path)` for anything else.
   */
  async verify(ticket: string, path: string): Promise<TicketClaims> {
    const notValid = () => ticketNotValid(path);
    try {
      const { payload } = await jwtVerify(ticket, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        // One address only: an export's ticket opens no file, a file's neither the export nor
        // another file.
        audience: path,
        requiredClaims: ['exp', 'iat', 'sub', 'typ', 'aud'],
        currentDate: this.now(),
        // No leeway: a ticket is asked for the moment before it is used.
        clockTolerance: 0,
      });
      const userId = userIdOfSubject(payload.sub);
      if (payload.typ !== TYPE || userId === null) throw notValid();
      const fam = payload.fam;
      if (fam !== undefined && (typeof fam !== 'string' || !UUID.test(fam))) throw notValid();
      // Never longer than 60 s, whatever signed it (a ticket of another build or a bug).
      if ((payload.exp ?? 0) - (payload.iat ?? 0) > EXPORT_TICKET_TTL_SECONDS) throw notValid();
      return { userId, familyId: fam };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw notValid();
      throw error;
    }
  }
}
