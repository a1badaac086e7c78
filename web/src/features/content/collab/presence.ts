/** Who I am to the others in the document (awareness field `user`; y-codemirror.next reads it). */
export interface PresenceUser {
  id: number;
  name: string;
  color: string;
  /** The colour of my selection in their editors (y-codemirror.next's `colorLight`). */
  colorLight: string;
}

/**
 * Presence colours, dark enough for a name label in white text on a light page (WCAG AA
 * against white, ≥ 4.5:1), each with a light tint for the selection it marks.
 */
export const PRESENCE_PALETTE: readonly (readonly [string, string])[] = [
  ['#b91c1c', '#fecaca'],
  ['#c2410c', '#fed7aa'],
  ['#a16207', '#fef08a'],
  ['#15803d', '#bbf7d0'],
  ['#0f766e', '#99f6e4'],
  ['#0369a1', '#bae6fd'],
  ['#4338ca', '#c7d2fe'],
  ['#7e22ce', '#e9d5ff'],
  ['#be185d', '#fbcfe8'],
  ['#334155', '#cbd5e1'],
];

/** The same colour for the same person in every editor and every session. */
export function presenceColor(userId: number): { color: string; colorLight: string } {
  const [color, colorLight] =
    PRESENCE_PALETTE[Math.abs(Math.trunc(userId)) % PRESENCE_PALETTE.length]!;
  return { color, colorLight };
}
