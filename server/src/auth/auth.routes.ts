import type { RouteHandlers } from '../http/route-table';
import type { AuthService } from './auth.service';

/** Every `/api/auth/…` call of docs/api.md; paths and schemas come from the contract's table. */
export const authRoutes = (
  service: AuthService,
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
> => ({
  'auth.register': (request) => service.register(request.body, request.ip),
  'auth.login': (request) => service.login(request.body, request.ip),
  'auth.verifyOtp': (request) => service.verifyOtp(request.body, request.ip),
  'auth.sendOtp': (request) => service.sendVerificationCode(request.body, request.ip),
  'auth.verifyToken': (request) => service.verifyAccessToken(request.body.token),
  'auth.refreshToken': (request) => service.refresh(request.body.refresh),
  'auth.userDetails': (_request, _reply, caller) => service.userDetails(caller.userId),
  'auth.updateProfile': (request, _reply, caller) =>
    service.updateProfile(caller.userId, request.body),
  'auth.updatePassword': (request, _reply, caller) =>
    service.updatePassword(caller.userId, caller.sessionFamilyId, request.body, request.ip),
  'auth.sendOtpResetPassword': (request) => service.sendPasswordResetCode(request.body, request.ip),
  'auth.resetPasswordOtp': (request) => service.resetPassword(request.body, request.ip),
});
