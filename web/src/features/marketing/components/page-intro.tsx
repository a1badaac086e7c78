import type { ReactNode } from 'react';

/** The tinted title band at the top of the About, Contact and Privacy pages. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-100 bg-gradient-to-b from-indigo-50/70 to-white">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
        <p className="text-sm font-semibold text-indigo-600">{eyebrow}</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {children && (
          <div className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">{children}</div>
        )}
      </div>
    </div>
  );
}
