import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { TokenService } from '../auth/tokens';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by the auth guard on signed-in routes only. */
    userId: number;
    /** The refresh-token family (sign-in) of the caller's access token, when it names one. */
    sessionFamilyId: string | undefined;
  }
}

/**
 * onRequest hook for signed-in routes: `Authorization: Bearer <access token>` must hold a valid
 * access token. Sets request.userId.
 */
export function createAuthGuard(tokens: TokenService): onRequestAsyncHookHandler {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    if (!header) throw unauthorized();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw unauthorized('Authorization header must be "Bearer <token>".', 'token_not_valid');
    const { userId, familyId } = await tokens.verifyAccess(match[1]);
    request.userId = userId;
    request.sessionFamilyId = familyId;
  };
}
