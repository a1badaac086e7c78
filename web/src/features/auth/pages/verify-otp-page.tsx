import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { serverMessageOr } from '../../../lib/api-client';
import { toneForMessage, type MessageTone } from '../../../lib/message-tone';
import { safeNextPath } from '../../../lib/return-to';
import { setAccessToken, setTokens } from '../../../lib/token-storage';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useLogin, useVerifyOtp } from '../api/auth-api';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * docs/product.md, "States and transitions": after a successful verification, go to /dashboard
 * after 1 s.
 */
export const VERIFY_REDIRECT_MS = 1000;
export const OTP_MAX_LENGTH = 6;

interface VerifyOtpState {
  email?: unknown;
  password?: unknown;
  message?: unknown;
  /** Where to go after verifying (the login page's return-to). */
  next?: unknown;
}

interface Notice {
  text: string;
  tone: MessageTone;
}

export function VerifyOtpPage() {
  useDocumentTitle('Verify OTP');
  const location = useLocation();
  const state = (location.state ?? {}) as VerifyOtpState;
  const email = typeof state.email === 'string' ? state.email : '';
  const password = typeof state.password === 'string' ? state.password : '';
  const initialMessage = typeof state.message === 'string' ? state.message : null;
  const next = safeNextPath(typeof state.next === 'string' ? state.next : null);

  if (!email || !password) return <Navigate to="/login" replace />;
  return (
    <VerifyOtpForm
      email={email}
      password={password}
      initialMessage={initialMessage}
      next={next ?? '/dashboard'}
    />
  );
}

function VerifyOtpForm({
  email,
  password,
  initialMessage,
  next,
}: {
  email: string;
  password: string;
  initialMessage: string | null;
  next: string;
}) {
  const verifyMutation = useVerifyOtp();
  const resendMutation = useLogin();
  const navigateLater = useDelayedNavigate();
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | null>(
    initialMessage ? { text: initialMessage, tone: toneForMessage(initialMessage) } : null,
  );
  const [verified, setVerified] = useState(false);

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!otp.trim()) {
      setOtpError('OTP is required');
      return;
    }
    setOtpError(undefined);
    setNotice(null);
    try {
      const answer = await verifyMutation.mutateAsync({ email, otp: otp.trim() });
      if (answer.token?.access) setTokens(answer.token);
      setNotice({ text: answer.message || 'OTP verified successfully!', tone: 'success' });
      setVerified(true);
      navigateLater(next, VERIFY_REDIRECT_MS);
    } catch {
      // A failure is always red, even though the sentence contains "OTP".
      setNotice({ text: 'OTP verification failed.', tone: 'error' });
    }
  }

  async function onResend() {
    setNotice(null);
    try {
      const answer = await resendMutation.mutateAsync({ email, password });
      if (answer.access) setAccessToken(answer.access);
      const text = answer.message || 'OTP sent to your email.';
      setNotice({ text, tone: toneForMessage(text) });
    } catch (error) {
      const text = serverMessageOr(error, 'Failed to resend OTP.');
      setNotice({ text, tone: 'error' });
    }
  }

  return (
    <AuthShell
      title="Check your email"
      subtitle={
        <>
          We sent a 6-digit code to{' '}
          <strong className="font-semibold text-slate-800">{email}</strong>. Enter it below to
          continue.
        </>
      }
      footer={
        <p>
          Wrong account?{' '}
          <Link to="/login" className={authLinkClass}>
            Back to login
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void onVerify(event)} className="space-y-5">
        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
        <TextField
          label="One-time code (OTP)"
          name="otp"
          // The one thing to do on this screen: type the code.
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={OTP_MAX_LENGTH}
          className="text-center font-mono text-lg tracking-[0.5em]"
          value={otp}
          onChange={(event) => setOtp(event.target.value.slice(0, OTP_MAX_LENGTH))}
          error={otpError}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={verifyMutation.isPending}
          disabled={verified}
        >
          {verifyMutation.isPending ? 'Verifying...' : 'Verify OTP'}
        </Button>
        <div className="flex items-center justify-center gap-2 text-sm text-slate-600">
          <span>Didn&apos;t get a code?</span>
          <Button
            variant="link"
            size="sm"
            onClick={() => void onResend()}
            loading={resendMutation.isPending}
            disabled={verified}
          >
            Resend OTP
          </Button>
        </div>
      </form>
    </AuthShell>
  );
}
