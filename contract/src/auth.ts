import { z } from 'zod';
import { idSchema, nameTextSchema, textSchema } from './common';
import { WORDS_PER_MINUTE_MAX, WORDS_PER_MINUTE_MIN } from './words';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const NAME_MAX = 150;
export const OTP_LENGTH = 6;

/** Emails are trimmed, compared case-insensitively (stored lower-case), at most 254 characters. */
export const emailSchema = textSchema({ error: 'This field is required.' })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .string()
      .min(1, 'This field is required.')
      .max(EMAIL_MAX, `Ensure this field has no more than ${EMAIL_MAX} characters.`)
      .pipe(z.email('Enter a valid email address.')),
  );

export const personNameSchema = nameTextSchema({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(NAME_MAX, `Ensure this field has no more than ${NAME_MAX} characters.`);

export const newPasswordSchema = textSchema({ error: 'This field is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** A password being checked (login, current password): any non-empty string up to the maximum. */
export const givenPasswordSchema = textSchema({ error: 'This field is required.' })
  .min(1, 'This field may not be blank.')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const otpSchema = textSchema({ error: 'This field is required.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** Speaking pace for speaking times (docs/api.md, section 2): whole words per minute. */
const wordsPerMinuteMessage = `Must be between ${WORDS_PER_MINUTE_MIN} and ${WORDS_PER_MINUTE_MAX}.`;
export const wordsPerMinuteSchema = z
  .number({ error: wordsPerMinuteMessage })
  .int(wordsPerMinuteMessage)
  .min(WORDS_PER_MINUTE_MIN, wordsPerMinuteMessage)
  .max(WORDS_PER_MINUTE_MAX, wordsPerMinuteMessage);

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const registerBodySchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email: emailSchema, password: givenPasswordSchema });
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginAnswerSchema = z.object({
  token: tokenPairSchema.optional(),
  verified: z.boolean(),
  mfa_status: z.boolean(),
  message: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const verifyOtpBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export type VerifyOtpBody = z.input<typeof verifyOtpBodySchema>;
export const verifyOtpAnswerSchema = z.object({ message: z.string(), token: tokenPairSchema });
export type VerifyOtpAnswer = z.infer<typeof verifyOtpAnswerSchema>;

export const emailBodySchema = z.object({ email: emailSchema });
export type EmailBody = z.input<typeof emailBodySchema>;

export const verifyTokenBodySchema = z.object({
  token: textSchema({ error: 'This field is required.' }).min(1, 'This field may not be blank.'),
});
export const refreshTokenBodySchema = z.object({
  refresh: textSchema({ error: 'This field is required.' }).min(1, 'This field may not be blank.'),
});

export const userSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  profilePic: z.string().nullable(),
  is_verified: z.boolean(),
  is_mfa_activated: z.boolean(),
  on_free_trial: z.boolean(),
  /**
   * The last day of the free trial (YYYY-MM-DD, UTC): TRIAL_DAYS after sign-up; null when not on
   * it (decision 248).
   */
  trial_ends_on: z.string().nullable(),
  words_per_minute: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/** How long the free trial lasts from sign-up (decision 248). */
export const TRIAL_DAYS = 30;

export const updateProfileBodySchema = z
  .object({
    first_name: personNameSchema.optional(),
    last_name: personNameSchema.optional(),
    is_mfa_activated: z.boolean({ error: 'Must be true or false.' }).optional(),
    words_per_minute: wordsPerMinuteSchema.optional(),
    /** Needed to switch MFA off (docs/auth.md, "Hostile input"): a stolen access token alone must not do it. */
    current_password: givenPasswordSchema.optional(),
  })
  .refine(
    (body) =>
      Object.entries(body).some(
        ([key, value]) => key !== 'current_password' && value !== undefined,
      ),
    { message: 'Send first_name and last_name, is_mfa_activated or words_per_minute.' },
  );
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export const updateProfileAnswerSchema = userSchema.pick({
  first_name: true,
  last_name: true,
  is_mfa_activated: true,
  words_per_minute: true,
});
export type UpdateProfileAnswer = z.infer<typeof updateProfileAnswerSchema>;

export const updatePasswordBodySchema = z.object({
  current_password: givenPasswordSchema,
  new_password: newPasswordSchema,
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;

/** Deleting the account needs its password (docs/auth.md, "Deleting the account"). */
export const deleteAccountBodySchema = z.object({ password: givenPasswordSchema });
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const resetPasswordOtpBodySchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  new_password: newPasswordSchema,
});
export type ResetPasswordOtpBody = z.input<typeof resetPasswordOtpBodySchema>;
