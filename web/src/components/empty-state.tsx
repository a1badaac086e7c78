import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './button';

/** A friendly, centred "nothing here yet" panel; its icon is drawn at one size, hidden from assistive technology. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      {Icon && (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <Icon className="size-6" aria-hidden="true" />
        </div>
      )}
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {description && <p className="mt-1 max-w-sm text-sm text-slate-600">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

/** A detail page whose object does not exist (or is not the person's): a way back to its list. */
export function NotFoundState({
  icon,
  title,
  back,
  backLabel,
}: {
  icon: LucideIcon;
  title: string;
  back: string;
  backLabel: string;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description="It may have been deleted, or the link is wrong."
      action={
        <ButtonLink to={back} variant="secondary">
          {backLabel}
        </ButtonLink>
      }
    />
  );
}
