import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { ApiRequestError } from '../../../lib/api-client';
import { toneForMessage } from '../../../lib/message-tone';
import { NEXT_PARAM, registerPathReturningTo, safeNextPath } from '../../../lib/return-to';
import { setAccessToken, setTokens } from '../../../lib/token-storage';
import { useLogin } from '../api/auth-api';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { compactErrors, validateEmail, validatePassword } from '../validation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { hasStoredSession } from '../../../lib/session-hint';
import { SignedInOffer } from '../../../components/signed-in-offer';
import { PasswordField } from '../../../components/password-field';
import { EmailField } from '../components/email-field';

type Field = 'email' | 'password';

export function LoginPage() {
  useDocumentTitle('Login');
  const [offerDashboard, setOfferDashboard] = useState(hasStoredSession);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Back to where a dead session interrupted the person (same-origin paths only).
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = compactErrors<Field>({
      email: validateEmail(email),
      password: validatePassword(password),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setMessage(null);
    const credentials = { email: email.trim(), password };
    let answer: Awaited<ReturnType<typeof loginMutation.mutateAsync>>;
    try {
      answer = await loginMutation.mutateAsync(credentials);
    } catch (error) {
      const text =
        error instanceof ApiRequestError
          ? (error.detail ?? error.serverMessage ?? 'Login failed. Please try again.')
          : 'Login failed. Please try again.';
      setMessage(text);
      return;
    }
    // Only a failed call says "Login failed": what follows a sign-in that worked never does.
    if (answer.token && (answer.verified === true || answer.mfa_status === false)) {
      setTokens(answer.token);
      goTo(next ?? '/dashboard');
      return;
    }
    // Unverified account or MFA on: the server mailed a one-time code.
    const text = answer.message || 'OTP sent to your email.';
    setMessage(text);
    if (answer.access) setAccessToken(answer.access);
    void navigate('/verify-otp', { state: { ...credentials, message: text, next } });
  }

  /** Goes to the return-to page; should the router refuse it, to the dashboard instead. */
  function goTo(path: string) {
    try {
      void navigate(path);
    } catch {
      void navigate('/dashboard');
    }
  }

  return (
    <AuthShell
      title="Welcome back"
      subtitle="Log in to pick up right where you left off."
      footer={
        <div className="flex flex-col gap-4">
          <p>
            Don&apos;t have an account?{' '}
            <Link to={next ? registerPathReturningTo(next) : '/register'} className={authLinkClass}>
              Create one for free
            </Link>
          </p>
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 self-start rounded-sm text-slate-500 hover:text-slate-800"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </div>
      }
    >
      {offerDashboard ? (
        <SignedInOffer onUseAnother={() => setOfferDashboard(false)} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          {message && <FormMessage tone={toneForMessage(message)}>{message}</FormMessage>}
          <EmailField value={email} onValue={setEmail} error={errors.email} />
          <div>
            <PasswordField
              label="Password"
              name="password"
              placeholder="••••••••"
              value={password}
              onValue={setPassword}
              error={errors.password}
            />
            <div className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className={authLinkClass}>
                Forgot password?
              </Link>
            </div>
          </div>
          <Button type="submit" size="lg" className="w-full" loading={loginMutation.isPending}>
            {loginMutation.isPending ? 'Logging in...' : 'Login'}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
