import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { inputClasses } from './text-field';

/** A search box with the magnifier inside it (the search page, the tag filter). */
export function SearchInput({
  containerClassName,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { containerClassName?: string }) {
  return (
    <div className={clsx('relative', containerClassName)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input type="search" className={clsx(inputClasses, 'pl-9', className)} {...input} />
    </div>
  );
}
