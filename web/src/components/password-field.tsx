import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<
  TextFieldProps,
  'type' | 'revealable' | 'autoComplete'
> {
  /** A password being chosen (the browser may offer one), not one typed from memory. */
  chosen?: boolean;
  /** Called with the field's text on every change. */
  onValue?: (value: string) => void;
}

/** A password field with its "Show …" toggle, and the autocomplete hint browsers expect. */
export function PasswordField({ chosen = false, onValue, onChange, ...rest }: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      autoComplete={chosen ? 'new-password' : 'current-password'}
      revealable
      onChange={(event) => {
        onValue?.(event.target.value);
        onChange?.(event);
      }}
      {...rest}
    />
  );
}

type ChosenPasswordProps = Omit<PasswordFieldProps, 'label' | 'chosen'>;

/** "New password" then "Confirm new password", both being chosen (reset and update forms). */
export function NewPasswordFields({
  next,
  confirm,
}: {
  next: ChosenPasswordProps;
  confirm: ChosenPasswordProps;
}) {
  return (
    <>
      <PasswordField label="New password" chosen {...next} />
      <PasswordField label="Confirm new password" chosen {...confirm} />
    </>
  );
}
