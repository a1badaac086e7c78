import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { toneForMessage } from '../../../lib/message-tone';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useRegister } from '../api/auth-api';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { compactErrors, validateEmail, validatePassword } from '../validation';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { hasStoredSession } from '../../../lib/session-hint';
import { SignedInOffer } from '../../../components/signed-in-offer';
import { loginPathReturningTo, NEXT_PARAM, safeNextPath } from '../../../lib/return-to';
import { PasswordField } from '../../../components/password-field';
import { EmailField } from '../components/email-field';

type Field = 'first_name' | 'last_name' | 'email' | 'password' | 'confirm_password';
type Values = Record<Field, string>;

const empty: Values = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  confirm_password: '',
};

/**
 * docs/product.md, "States and transitions": after a successful registration, go to /verify-otp
 * after 1.2 s.
 */
export const REGISTER_REDIRECT_MS = 1200;

function validate(values: Values) {
  return compactErrors<Field>({
    first_name: values.first_name.trim() ? undefined : 'First name is required',
    last_name: values.last_name.trim() ? undefined : 'Last name is required',
    email: validateEmail(values.email),
    password: validatePassword(values.password),
    confirm_password: !values.confirm_password
      ? 'Please confirm your password'
      : values.confirm_password !== values.password
        ? 'Passwords do not match'
        : undefined,
  });
}

export function RegisterPage() {
  useDocumentTitle('Register');
  const [offerDashboard, setOfferDashboard] = useState(hasStoredSession);
  const registerMutation = useRegister();
  const navigateLater = useDelayedNavigate();
  const [searchParams] = useSearchParams();
  // Back to where the person came from after verifying (an invitation link).
  const next = safeNextPath(searchParams.get(NEXT_PARAM));
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setMessage(null);
    const body = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    try {
      const answer = await registerMutation.mutateAsync(body);
      setMessage(answer.message || 'User registered successfully');
      setValues(empty);
      setRedirecting(true);
      navigateLater('/verify-otp', REGISTER_REDIRECT_MS, {
        state: { email: body.email, password: body.password, ...(next ? { next } : {}) },
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.hasBody) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const field of ['first_name', 'last_name', 'email', 'password'] as const) {
          const text = error.fieldErrors[field];
          if (text) fieldErrors[field] = text;
        }
        setErrors(fieldErrors);
        setMessage(error.serverMessage ?? 'Registration failed.');
      } else {
        setMessage('Registration failed. Please try again.');
      }
    }
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle="Start organizing your ideas, notes and scripts in minutes. It's free."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={next ? loginPathReturningTo(next) : '/login'} className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    >
      {offerDashboard ? (
        <SignedInOffer onUseAnother={() => setOfferDashboard(false)} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          {message && <FormMessage tone={toneForMessage(message)}>{message}</FormMessage>}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" {...bind('first_name')} />
            <TextField label="Last name" autoComplete="family-name" {...bind('last_name')} />
          </div>
          <EmailField {...bind('email')} />
          <PasswordField
            label="Password"
            chosen
            hint="At least 6 characters."
            {...bind('password')}
          />
          <PasswordField label="Confirm password" chosen {...bind('confirm_password')} />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={registerMutation.isPending}
            disabled={redirecting}
          >
            {registerMutation.isPending ? 'Creating account...' : 'Create account'}
          </Button>
          <p className="text-center text-xs text-slate-500">
            By creating an account you agree to our{' '}
            <Link to="/privacy" className="underline hover:text-slate-700">
              Privacy Policy
            </Link>
            .
          </p>
        </form>
      )}
    </AuthShell>
  );
}
