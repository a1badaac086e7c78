import { clsx } from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';

/** A titled box in the side column of a detail page (a collection's, a content item's). */
export function DetailPanel({
  title,
  children,
  className,
  ...rest
}: { title: string; children: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  return (
    <section
      className={clsx('rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200', className)}
      {...rest}
    >
      <h2 className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
      {children}
    </section>
  );
}
