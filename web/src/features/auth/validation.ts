/** Validation rules and texts of docs/product.md ("Validation rules") for the sign-in screens. */
export const PASSWORD_MIN_LENGTH = 6;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Login rules (also used by registration). */
export function validateEmail(value: string): string | undefined {
  if (!value.trim()) return 'Email is required';
  if (!looksLikeEmail(value)) return 'Enter a valid email';
  return undefined;
}

export function validatePassword(value: string): string | undefined {
  if (!value) return 'Password is required';
  if (value.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 6 characters';
  return undefined;
}

/** Drops undefined entries so `Object.keys(errors).length` tells whether the form is valid. */
export function compactErrors<K extends string>(
  errors: Partial<Record<K, string | undefined>>,
): Partial<Record<K, string>> {
  const result: Partial<Record<K, string>> = {};
  for (const key of Object.keys(errors) as K[]) {
    const value = errors[key];
    if (value) result[key] = value;
  }
  return result;
}
