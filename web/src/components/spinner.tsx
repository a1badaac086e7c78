import { clsx } from 'clsx';

export interface SpinnerProps {
  /** Visible text beside the spinner (also what screen readers hear). */
  label?: string;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

export function Spinner({ label, className, size = 'md' }: SpinnerProps) {
  return (
    <span role="status" className={clsx('inline-flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className={clsx(
          'animate-spin rounded-full border-indigo-600 border-r-transparent',
          sizes[size],
        )}
      />
      {label ? (
        <span className="text-sm text-slate-600">{label}</span>
      ) : (
        <span className="sr-only">Loading</span>
      )}
    </span>
  );
}

/** A centred spinner filling its container, for page-level loading states. */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center p-8">
      <Spinner label={label} size="lg" className="flex-col" />
    </div>
  );
}
