import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  emailBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  messageSchema,
  refreshTokenBodySchema,
  registerBodySchema,
  resetPasswordOtpBodySchema,
  tokenPairSchema,
  updatePasswordBodySchema,
  updateProfileAnswerSchema,
  updateProfileBodySchema,
  userSchema,
  verifyOtpAnswerSchema,
  verifyOtpBodySchema,
  verifyTokenBodySchema,
} from '@cw/contract';
import type { AuthServices } from './auth-services';

export interface AuthRoutesOptions {
  services: AuthServices;
  requireUser: onRequestAsyncHookHandler;
}

const tags = ['auth'];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  429: apiErrorSchema.describe('Rate limit hit; the Retry-After header gives the seconds to wait'),
  503: apiErrorSchema,
};
const signedIn = [{ bearerAuth: [] }];

/** Every `/api/auth/…` call of contract §3. Register with `{ prefix: '/api/auth' }`. */
export async function authRoutes(
  fastify: FastifyInstance,
  { services, requireUser }: AuthRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/register/',
    {
      schema: {
        tags,
        summary: 'Create an account and mail a verification code',
        body: registerBodySchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await services.registration.register(request.body, request.ip)),
  );

  app.post(
    '/login/',
    {
      schema: {
        tags,
        summary: 'Sign in: tokens, or a mailed code when unverified or MFA is on',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request) => services.signIn.login(request.body, request.ip),
  );

  app.post(
    '/verify-otp/',
    {
      schema: {
        tags,
        summary: 'Check a mailed code (verification or sign-in); marks the email verified',
        body: verifyOtpBodySchema,
        response: { 200: verifyOtpAnswerSchema, ...errors },
      },
    },
    async (request) => services.signIn.verifyOtp(request.body, request.ip),
  );

  app.post(
    '/send-otp/',
    {
      schema: {
        tags,
        summary: 'Mail a new verification code to an unverified account',
        body: emailBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => services.registration.sendVerificationCode(request.body, request.ip),
  );

  app.post(
    '/verify-token/',
    {
      schema: {
        tags,
        summary: 'Check an access token',
        body: verifyTokenBodySchema,
        response: { 200: z.object({}), ...errors },
      },
    },
    async (request) => services.signIn.verifyAccessToken(request.body.token),
  );

  app.post(
    '/refresh-token/',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new pair (the old one is rotated out)',
        body: refreshTokenBodySchema,
        response: { 200: tokenPairSchema, ...errors },
      },
    },
    async (request) => services.sessions.refresh(request.body.refresh),
  );

  app.get(
    '/user-details/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: signedIn,
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => services.account.userDetails(request.userId),
  );

  app.patch(
    '/update-profile/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Change the name or switch MFA on or off',
        security: signedIn,
        body: updateProfileBodySchema,
        response: { 200: updateProfileAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => services.account.updateProfile(request.userId, request.body),
  );

  app.post(
    '/update-password/',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Change the password; signs out every other session',
        security: signedIn,
        body: updatePasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) =>
      services.account.updatePassword(
        request.userId,
        request.sessionFamilyId,
        request.body,
        request.ip,
      ),
  );

  app.post(
    '/send-otp-reset-password/',
    {
      schema: {
        tags,
        summary: 'Mail a password-reset code (same answer whether or not the account exists)',
        body: emailBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => services.passwordReset.sendCode(request.body, request.ip),
  );

  app.post(
    '/reset-password-otp/',
    {
      schema: {
        tags,
        summary: 'Set a new password with a mailed reset code; signs out every session',
        body: resetPasswordOtpBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => services.passwordReset.resetPassword(request.body, request.ip),
  );
}
