import { clsx } from 'clsx';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="cw-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#cw-logo-gradient)" />
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

export function Logo({ className, light = false }: { className?: string; light?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={clsx(
          'text-base font-bold tracking-tight',
          light ? 'text-white' : 'text-slate-900',
        )}
      >
        Creator Workspace
      </span>
    </span>
  );
}
