import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { DownloadTickets } from '../auth/download-tickets';
import { ticketNotValid } from '../auth/download-tickets';
import type { TokenService } from '../auth/tokens';
import type { Caller } from '../policy/caller';
import { tokenNotValid, unauthorized } from './errors';
import { pathOnly } from './log-serializers';

/**
 * The guard of signed-in routes. `hook` runs before the route: `Authorization: Bearer <access
 * token>` must hold a valid access token. `ticketHook` is the hook of routes marked `ticket` in
 * the contract's table (the export's download, a file's preview): it also takes `?ticket=` of a link
 * (docs/auth.md, "Download tickets"). `callerOf` gives the caller it proved; the route table
 * hands it to the handlers of signed-in routes only (server/src/http/route-table.ts).
 */
export interface AuthGuard {
  hook: onRequestAsyncHookHandler;
  ticketHook: onRequestAsyncHookHandler;
  callerOf(request: FastifyRequest): Caller;
}

export interface AuthGuardChecks {
  /**
   * The account of a valid token still exists (one lookup by primary key): a deleted account's
   * access tokens and tickets answer 401 at once (docs/auth.md, "Deleting the account").
   */
  exists(userId: number): Promise<boolean>;
  /** A ticket's sign-in has not ended (docs/auth.md, "Download tickets"). */
  sessionIsLive(userId: number, familyId: string): Promise<boolean>;
}

export function createAuthGuard(
  tokens: TokenService,
  tickets: DownloadTickets,
  checks: AuthGuardChecks,
): AuthGuard {
  const callers = new WeakMap<FastifyRequest, Caller>();

  /** The caller of the Authorization header, or the contract's 401. */
  const callerOfHeader = async (header: string | undefined): Promise<Caller> => {
    if (!header) throw unauthorized();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw unauthorized('Authorization header must be "Bearer <token>".', 'token_not_valid');
    const { userId, familyId } = await tokens.verifyAccess(match[1]);
    if (!(await checks.exists(userId))) throw tokenNotValid();
    return { userId, sessionFamilyId: familyId };
  };

  const hook = async (request: FastifyRequest, _reply: FastifyReply) => {
    callers.set(request, await callerOfHeader(request.headers.authorization));
  };

  /**
   * A ticket, when there is one, must be good whatever else the request carries; with an
   * Authorization header too, both must name the same person, so nobody's ticket is ever mixed
   * with somebody else's sign-in.
   */
  const ticketHook = async (request: FastifyRequest, reply: FastifyReply) => {
    const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
    if (ticket === undefined) return hook(request, reply);
    // A ticket opens the one address it was made for (decision 191).
    const path = pathOnly(request.url);
    if (typeof ticket !== 'string') throw ticketNotValid(path);
    const claims = await tickets.verify(ticket, path);
    const header = request.headers.authorization;
    if (header !== undefined && (await callerOfHeader(header)).userId !== claims.userId)
      throw ticketNotValid(path);
    if (!(await checks.exists(claims.userId))) throw ticketNotValid(path);
    if (claims.familyId && !(await checks.sessionIsLive(claims.userId, claims.familyId)))
      throw ticketNotValid(path);
    callers.set(request, { userId: claims.userId, sessionFamilyId: claims.familyId });
  };

  return {
    hook,
    ticketHook,
    callerOf(request) {
      const caller = callers.get(request);
      // Only reachable if a signed-in route were registered without the hook: a bug, not input.
      if (!caller) throw new Error('callerOf: the auth guard did not run for this route');
      return caller;
    },
  };
}
