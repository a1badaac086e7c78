import { TextField, type TextFieldProps } from '../../../components/text-field';

/** The Email field of the sign-in screens; `onValue` gets its text on every change. */
export function EmailField({
  onValue,
  onChange,
  ...rest
}: Omit<TextFieldProps, 'label'> & { onValue?: (value: string) => void }) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      placeholder="you@example.com"
      onChange={(event) => {
        onValue?.(event.target.value);
        onChange?.(event);
      }}
      {...rest}
    />
  );
}
