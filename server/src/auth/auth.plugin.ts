import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthGuard, type AuthGuard } from '../http/auth-guard';
import { registerRoutes } from '../http/route-table';
import { createAuthServices, type AuthServices, type AuthServicesDeps } from './auth-services';
import { authRoutes } from './auth.routes';
import type { DownloadTickets } from './download-tickets';

export interface AuthDeps extends AuthServicesDeps {
  /** Download tickets (docs/auth.md): a signed-in route may also take one in `?ticket=`. */
  downloadTickets: DownloadTickets;
}

/** Accounts as the rest of the app sees them. */
export interface Auth {
  services: AuthServices;
  /** The guard of every signed-in route: a live token of a live account and session. */
  guard: AuthGuard;
  /** The user id of a valid access token of a live account (the co-editing socket); throws otherwise. */
  userOfAccessToken(token: string): Promise<number>;
}

/** Accounts' services and guard, made before the plugins that need them (the library, live editing). */
export function createAuth(deps: AuthDeps): Auth {
  const services = createAuthServices(deps);
  const guard = createAuthGuard(deps.tokens, deps.downloadTickets, {
    exists: (userId) => services.account.exists(userId),
    sessionIsLive: (userId, familyId) => services.sessions.isLive(userId, familyId),
  });
  return {
    services,
    guard,
    userOfAccessToken: async (token) => {
      const { userId } = await deps.tokens.verifyAccess(token);
      if (!(await services.account.exists(userId))) throw new Error('no such account');
      return userId;
    },
  };
}

/** Everything under /api/auth/… (docs/auth.md), as the library plugin serves /api/collections/…. */
export const authPlugin: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  registerRoutes(app, auth.guard, authRoutes(auth.services));
};
