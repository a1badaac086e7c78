import { clsx } from 'clsx';
import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { inputBaseClasses } from './text-field';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hideLabel?: boolean;
  containerClassName?: string;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hideLabel, id, className, containerClassName, rows = 5, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={containerClassName}>
      <label
        htmlFor={inputId}
        className={clsx('mb-1.5 block text-sm font-medium text-slate-700', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(
          inputBaseClasses,
          'resize-y',
          error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-indigo-600',
          className,
        )}
        {...rest}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});
