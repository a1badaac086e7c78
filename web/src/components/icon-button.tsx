import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

const tones = {
  neutral: 'hover:bg-slate-100 hover:text-slate-700',
  danger: 'hover:bg-red-50 hover:text-red-600',
} as const;

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label'
> {
  icon: LucideIcon;
  /** The accessible name: what the button does, to what (`Delete note {title}`). */
  label: string;
  /** `danger` turns red on hover (delete, remove). */
  tone?: keyof typeof tones;
  /** `md` for the taller rows of a list (36 px); `sm` otherwise (32 px). */
  size?: 'sm' | 'md';
}

/** A square button that shows only an icon: Edit, Delete, Download on cards and rows. */
export function IconButton({
  icon: Icon,
  label,
  tone = 'neutral',
  size = 'sm',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-lg text-slate-500',
        size === 'md' ? 'size-9' : 'size-8',
        tones[tone],
        className,
      )}
      {...rest}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}
