import type {
  LoginAnswer,
  LoginBody,
  MessageAnswer,
  RegisterBody,
  ResetPasswordOtpBody,
  TokenPair,
  VerifyOtpBody,
} from '@cw/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * The login answer as docs/product.md reads it ("Entities and their fields"): besides the
 * contract's fields it may carry a top-level `access` and `detail`, and `token` is absent when an
 * OTP was sent.
 */
export type LoginResult = Partial<LoginAnswer> & { access?: string; detail?: string };
export type VerifyOtpResult = { message?: string; token?: TokenPair };
/** The spec lets these answers leave out their message; the screens then show their own. */
type MaybeMessage = Partial<MessageAnswer>;

export const login = (body: LoginBody): Promise<LoginResult> =>
  callApi('auth.login', { body, auth: false });

export const register = (body: RegisterBody): Promise<MaybeMessage> =>
  callApi('auth.register', { body, auth: false });

export const verifyOtp = (body: VerifyOtpBody): Promise<VerifyOtpResult> =>
  callApi('auth.verifyOtp', { body, auth: false });

export const sendResetOtp = (email: string): Promise<MaybeMessage> =>
  callApi('auth.sendOtpResetPassword', { body: { email }, auth: false });

export const resetPassword = (body: ResetPasswordOtpBody): Promise<MaybeMessage> =>
  callApi('auth.resetPasswordOtp', { body, auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
export const useRegister = () => useMutation({ mutationFn: register });
export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
export const useSendResetOtp = () => useMutation({ mutationFn: sendResetOtp });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
