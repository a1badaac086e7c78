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
import { api } from '../../../lib/api-client';

/**
 * The login answer as the spec reads it (§3): besides the contract's fields it may carry a
 * top-level `access` and `detail`, and `token` is absent when an OTP was sent.
 */
export type LoginResult = Partial<LoginAnswer> & { access?: string; detail?: string };
export type VerifyOtpResult = { message?: string; token?: TokenPair };

export const login = (body: LoginBody) =>
  api.post<LoginResult>('/auth/login/', body, { auth: false });

export const register = (body: RegisterBody) =>
  api.post<Partial<MessageAnswer>>('/auth/register/', body, { auth: false });

export const verifyOtp = (body: VerifyOtpBody) =>
  api.post<VerifyOtpResult>('/auth/verify-otp/', body, { auth: false });

export const sendResetOtp = (email: string) =>
  api.post<Partial<MessageAnswer>>('/auth/send-otp-reset-password/', { email }, { auth: false });

export const resetPassword = (body: ResetPasswordOtpBody) =>
  api.post<Partial<MessageAnswer>>('/auth/reset-password-otp/', body, { auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
export const useRegister = () => useMutation({ mutationFn: register });
export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
export const useSendResetOtp = () => useMutation({ mutationFn: sendResetOtp });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
