import { clsx } from 'clsx';
import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { FieldError, FieldLabel, inputBaseClasses, ringClasses } from './text-field';

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
      <FieldLabel htmlFor={inputId} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(inputBaseClasses, 'resize-y', ringClasses(error), className)}
        {...rest}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
});
