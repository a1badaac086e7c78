import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { serverMessageOr } from '../../../lib/api-client';
import type { MessageTone } from '../../../lib/message-tone';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useResetPassword, useSendResetOtp } from '../api/auth-api';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { compactErrors, looksLikeEmail, PASSWORD_MIN_LENGTH } from '../validation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NewPasswordFields } from '../../../components/password-field';
import { EmailField } from '../components/email-field';

/**
 * docs/product.md, "Business constants and limits": resend countdown 30 s; redirect to /login 1.5 s
 * after a reset.
 */
export const RESEND_COUNTDOWN_SECONDS = 30;
export const RESET_REDIRECT_MS = 1500;

type ResetField = 'otp' | 'new_password' | 'confirm_password';

interface Notice {
  text: string;
  tone: MessageTone;
}

/** Seconds left before another code may be requested; counts down once a second. */
function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const sendMutation = useSendResetOtp();
  const resetMutation = useResetPassword();
  const navigateLater = useDelayedNavigate();
  const [stage, setStage] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ResetField, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [secondsLeft, setSecondsLeft] = useCountdown();
  const [done, setDone] = useState(false);

  async function onSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setEmailError('Please enter a valid email address.');
      return;
    }
    setEmailError(undefined);
    setNotice(null);
    try {
      const answer = await sendMutation.mutateAsync(email.trim());
      setNotice({ text: answer.message || 'OTP sent to your email.', tone: 'success' });
      setStage('reset');
      setSecondsLeft(RESEND_COUNTDOWN_SECONDS);
    } catch (error) {
      const text = serverMessageOr(error, 'Something went wrong. Please try again.');
      setNotice({ text, tone: 'error' });
    }
  }

  async function onResend() {
    setNotice(null);
    try {
      const answer = await sendMutation.mutateAsync(email.trim());
      setNotice({ text: answer.message || 'OTP sent to your email.', tone: 'success' });
      setSecondsLeft(RESEND_COUNTDOWN_SECONDS);
    } catch {
      setNotice({ text: 'Failed to resend OTP. Please try again.', tone: 'error' });
    }
  }

  async function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = compactErrors<ResetField>({
      otp: otp.trim() ? undefined : 'Please enter the OTP.',
      new_password:
        newPassword.length < PASSWORD_MIN_LENGTH
          ? 'Password must be at least 6 characters.'
          : undefined,
      confirm_password: confirmPassword !== newPassword ? 'Passwords do not match.' : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setNotice(null);
    try {
      const answer = await resetMutation.mutateAsync({
        email: email.trim(),
        otp: otp.trim(),
        new_password: newPassword,
      });
      setNotice({ text: answer.message || 'Password reset successfully.', tone: 'success' });
      setDone(true);
      navigateLater('/login', RESET_REDIRECT_MS);
    } catch {
      setNotice({ text: 'Failed to reset password. Please try again.', tone: 'error' });
    }
  }

  const footer = (
    <p>
      Remembered it?{' '}
      <Link to="/login" className={authLinkClass}>
        Back to login
      </Link>
    </p>
  );

  if (stage === 'email') {
    return (
      <AuthShell
        title="Forgot your password?"
        subtitle="Enter the email you signed up with and we'll send you a one-time code to reset it."
        footer={footer}
      >
        <form noValidate onSubmit={(event) => void onSend(event)} className="space-y-5">
          {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
          <EmailField value={email} onValue={setEmail} error={emailError} />
          <Button type="submit" size="lg" className="w-full" loading={sendMutation.isPending}>
            {sendMutation.isPending ? 'Sending...' : 'Send OTP'}
          </Button>
        </form>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Set a new password"
      subtitle={
        <>
          Enter the code we sent to{' '}
          <strong className="font-semibold text-slate-800">{email.trim()}</strong> and choose a new
          password.
        </>
      }
      footer={footer}
    >
      <form noValidate onSubmit={(event) => void onReset(event)} className="space-y-5">
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
        <TextField
          label="One-time code (OTP)"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          className="font-mono tracking-widest"
          value={otp}
          onChange={(event) => setOtp(event.target.value)}
          error={errors.otp}
        />
        <NewPasswordFields
          next={{
            name: 'new_password',
            value: newPassword,
            onValue: setNewPassword,
            error: errors.new_password,
          }}
          confirm={{
            name: 'confirm_password',
            value: confirmPassword,
            onValue: setConfirmPassword,
            error: errors.confirm_password,
          }}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={resetMutation.isPending}
          disabled={done}
        >
          {resetMutation.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button
            variant="link"
            size="sm"
            className="-ml-3"
            onClick={() => void onResend()}
            disabled={secondsLeft > 0 || done}
            loading={sendMutation.isPending}
          >
            {secondsLeft > 0 ? `Resend OTP in ${secondsLeft}s` : 'Resend OTP'}
          </Button>
          <button
            type="button"
            className="rounded-sm text-slate-500 hover:text-slate-800"
            onClick={() => {
              setStage('email');
              setNotice(null);
              setOtp('');
              setErrors({});
            }}
          >
            Use a different email
          </button>
        </div>
      </form>
    </AuthShell>
  );
}
