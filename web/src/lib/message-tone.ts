/**
 * The rule for server messages on the sign-in screens (docs/product.md, "Error catalogue"): text
 * containing "otp" or "success" (any case) is shown green, any other text red.
 */
export type MessageTone = 'success' | 'error';

export function toneForMessage(text: string): MessageTone {
  return /otp|success/i.test(text) ? 'success' : 'error';
}
