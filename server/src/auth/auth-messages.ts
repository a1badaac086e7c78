/** The sentences the accounts API answers with (docs/auth.md). */
export const MESSAGES = {
  registered: 'User registered successfully',
  duplicateEmail: 'A user with this email already exists.',
  loginOk: 'Login successful',
  otpSent: 'OTP sent to your email.',
  invalidCredentials: 'Invalid email or password.',
  otpVerified: 'OTP verified successfully!',
  invalidOtp: 'Invalid or expired OTP.',
  codeSentIfExists: 'If the account exists, a code has been sent.',
  passwordUpdated: 'Password updated successfully.',
  wrongCurrentPassword: 'Current password is incorrect.',
  fieldRequired: 'This field is required.',
  passwordReset: 'Password reset successfully.',
  accountDeleted: 'Account deleted.',
  wrongPassword: 'Password is incorrect.',
} as const;
