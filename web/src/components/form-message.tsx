import { clsx } from 'clsx';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { MessageTone } from '../lib/message-tone';

/** A form-level message: green for success, red for errors. Announced politely. */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: MessageTone;
  children: string | null | undefined;
  className?: string;
}) {
  if (!children) return null;
  const Icon = tone === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      className={clsx(
        'flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm',
        tone === 'success'
          ? 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-600/20'
          : 'bg-red-50 text-red-700 ring-1 ring-red-600/20',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
