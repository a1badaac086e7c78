import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TokenService } from '../auth/tokens';
import type { Caller } from '../policy/caller';
import { tokenNotValid, unauthorized } from './errors';

/**
 * The guard of signed-in routes. `hook` runs before the route: `Authorization: Bearer <access
 * token>` must hold a valid access token. `callerOf` gives the caller it proved; the route table
 * hands it to the handlers of signed-in routes only (server/src/http/route-table.ts).
 */
export interface AuthGuard {
  hook: onRequestAsyncHookHandler;
  callerOf(request: FastifyRequest): Caller;
}

/**
 * `exists`: the account of a valid token still exists (one lookup by primary key): a deleted
 * account's access tokens answer 401 at once (docs/auth.md, "Deleting the account").
 */
export function createAuthGuard(
  tokens: TokenService,
  exists: (userId: number) => Promise<boolean>,
): AuthGuard {
  const callers = new WeakMap<FastifyRequest, Caller>();
  return {
    async hook(request: FastifyRequest, _reply: FastifyReply) {
      const header = request.headers.authorization;
      if (!header) throw unauthorized();
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1])
        throw unauthorized('Authorization header must be "Bearer <token>".', 'token_not_valid');
      const { userId, familyId } = await tokens.verifyAccess(match[1]);
      if (!(await exists(userId))) throw tokenNotValid();
      callers.set(request, { userId, sessionFamilyId: familyId });
    },
    callerOf(request) {
      const caller = callers.get(request);
      // Only reachable if a signed-in route were registered without the hook: a bug, not input.
      if (!caller) throw new Error('callerOf: the auth guard did not run for this route');
      return caller;
    },
  };
}
