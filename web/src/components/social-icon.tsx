/**
 * Brand marks (lucide has none) come from a static sprite in public/, so their path data stays
 * out of the landing page's JS budget.
 */
export type SocialIconName = 'github' | 'linkedin' | 'instagram' | 'x' | 'youtube';

export function SocialIcon({ name, className }: { name: SocialIconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`/social-icons.svg#${name}`} />
    </svg>
  );
}
