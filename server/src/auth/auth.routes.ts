import type { RouteHandlers } from '../http/route-table';
import type { AuthServices } from './auth-services';

/** Every `/api/auth/…` call of docs/api.md, "Auth"; paths and schemas come from the contract's table. */
export const authRoutes = (
  services: AuthServices,
): RouteHandlers<
  | 'auth.register'
  | 'auth.login'
  | 'auth.verifyOtp'
  | 'auth.sendOtp'
  | 'auth.verifyToken'
  | 'auth.refreshToken'
  | 'auth.userDetails'
  | 'auth.updateProfile'
  | 'auth.updatePassword'
  | 'auth.sendOtpResetPassword'
  | 'auth.resetPasswordOtp'
  | 'auth.deleteAccount'
> => ({
  'auth.register': (request) => services.registration.register(request.body, request.ip),
  'auth.login': (request) => services.signIn.login(request.body, request.ip),
  'auth.verifyOtp': (request) => services.signIn.verifyOtp(request.body, request.ip),
  'auth.sendOtp': (request) => services.registration.sendVerificationCode(request.body, request.ip),
  'auth.verifyToken': (request) => services.signIn.verifyAccessToken(request.body.token),
  'auth.refreshToken': (request) => services.sessions.refresh(request.body.refresh),
  'auth.userDetails': (_request, _reply, caller) => services.account.userDetails(caller.userId),
  'auth.updateProfile': (request, _reply, caller) =>
    services.account.updateProfile(caller.userId, request.body, request.ip),
  'auth.updatePassword': (request, _reply, caller) =>
    services.account.updatePassword(
      caller.userId,
      caller.sessionFamilyId,
      request.body,
      request.ip,
    ),
  'auth.sendOtpResetPassword': (request) =>
    services.passwordReset.sendCode(request.body, request.ip),
  'auth.resetPasswordOtp': (request) =>
    services.passwordReset.resetPassword(request.body, request.ip),
  'auth.deleteAccount': (request, _reply, caller) =>
    services.account.deleteAccount(caller.userId, request.body.password, request.ip),
});
