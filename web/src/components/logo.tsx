import { clsx } from 'clsx';
import { Link } from 'react-router';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M9 11.5A2.5 2.5 0 0 1 11.5 9h9a2.5 2.5 0 0 1 2.5 2.5v9a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 9 20.5z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
      />
      <path d="M13 14h6M13 18h4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({
  className,
  light = false,
  wordmarkClassName,
}: {
  className?: string;
  light?: boolean;
  /** e.g. hide the name on the narrowest phones, where the top bar needs the room. */
  wordmarkClassName?: string;
}) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={clsx(
          'text-base font-bold tracking-tight whitespace-nowrap',
          light ? 'text-white' : 'text-slate-900',
          wordmarkClassName,
        )}
      >
        Creator Workspace
      </span>
    </span>
  );
}

/** The logo as the way home, top left of the public, sign-in and invitation pages. */
export function HomeLink({ className }: { className?: string }) {
  return (
    <Link to="/" className={clsx('rounded-lg', className)} aria-label="Creator Workspace home">
      <Logo />
    </Link>
  );
}
