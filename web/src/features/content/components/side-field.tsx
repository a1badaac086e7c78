import { useId, type ReactNode } from 'react';

/**
 * One labelled field of the item's side panel (publish date, summary, cover): the label, the
 * control (given its id and its hint's id), then a small hint; `liveHint` announces a hint that
 * changes (Publish date saved.); `after` stands below the hint (a save's failure).
 */
export function SideField({
  label,
  hint,
  liveHint = false,
  after,
  children,
}: {
  label: string;
  hint: ReactNode;
  liveHint?: boolean;
  after?: ReactNode;
  children: (ids: { id: string; hintId: string }) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, hintId })}
      <p id={hintId} className="text-xs text-slate-500" aria-live={liveHint ? 'polite' : undefined}>
        {hint}
      </p>
      {after}
    </div>
  );
}
