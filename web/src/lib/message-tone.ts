/**
 * The spec's rule for server messages on the sign-in screens (§8): text containing "otp" or
 * "success" (any case) is shown green, any other text red.
 */
export type MessageTone = 'success' | 'error';

export function toneForMessage(text: string): MessageTone {
  return /otp|success/i.test(text) ? 'success' : 'error';
}
