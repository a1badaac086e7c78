import { type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format';

/** A figure of the summary: the number, '–' when it could not be loaded, '…' meanwhile. */
export const figure = (value: number | undefined, failed: boolean) =>
  value !== undefined ? formatCount(value) : failed ? '–' : '…';

export function Stat({
  label,
  value,
  Icon,
  to,
  failed,
}: {
  label: string;
  value: number | undefined;
  Icon: LucideIcon;
  to?: string;
  failed: boolean;
}) {
  const body = (
    <>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-500">{label}</span>
        <span className="block text-2xl font-bold text-slate-900 tabular-nums">
          {figure(value, failed)}
        </span>
      </span>
    </>
  );
  const className =
    'flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
  return to ? (
    <Link to={to} className={`${className} transition hover:shadow-md hover:ring-indigo-200`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

/** A titled white panel of the dashboard, with a link to the screen it summarises. */
export function Panel({
  id,
  title,
  more,
  className,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string; Icon: LucideIcon };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${className ?? ''}`}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {more && (
          <Link
            to={more.to}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:text-indigo-900"
          >
            <more.Icon className="size-4" aria-hidden="true" />
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
