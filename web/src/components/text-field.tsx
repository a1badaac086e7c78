import { clsx } from 'clsx';
import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Validation error shown under the field (red, announced). */
  error?: string;
  /** Neutral help text or a soft hint under the field. */
  hint?: ReactNode;
  /** Hide the visible label (it stays available to assistive technology). */
  hideLabel?: boolean;
  /** Adds a show/hide toggle for password fields. */
  revealable?: boolean;
  containerClassName?: string;
}

/** Input look without its ring colour (TextField picks red or neutral). */
export const inputBaseClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

/** The standard input look, for inputs built outside TextField. */
export const inputClasses = `${inputBaseClasses} ring-slate-300 focus:ring-indigo-600`;

/** The ring of an input: red while it has an error. */
export const ringClasses = (error: string | undefined) =>
  error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-indigo-600';

/** A field's visible label (kept for assistive technology when `hidden`). */
export function FieldLabel({
  htmlFor,
  hidden,
  children,
}: {
  htmlFor: string;
  hidden?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={htmlFor}
      className={clsx('mb-1.5 block text-sm font-medium text-slate-700', hidden && 'sr-only')}
    >
      {children}
    </label>
  );
}

/** A field's validation error, which its input names in `aria-describedby`. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-600">
      {error}
    </p>
  );
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    error,
    hint,
    hideLabel,
    revealable,
    id,
    className,
    containerClassName,
    type = 'text',
    ...rest
  },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const effectiveType = revealable && revealed ? 'text' : type;

  return (
    <div className={containerClassName}>
      <FieldLabel htmlFor={inputId} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={effectiveType}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={clsx(inputBaseClasses, ringClasses(error), revealable && 'pr-10', className)}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setRevealed((value) => !value)}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={revealed}
          >
            {revealed ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
          </button>
        )}
      </div>
      <FieldError id={errorId} error={error} />
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
});
