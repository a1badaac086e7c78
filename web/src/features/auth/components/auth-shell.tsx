import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { HomeLink } from '../../../components/logo';

const highlights = [
  'Every idea, script and note in one searchable place',
  'Collections and tags that follow how you actually create',
  'Markdown with live preview, from first draft to final cut',
];

/** Layout of the standalone sign-in screens: form on the left, brand panel on wide screens. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen bg-white">
      <div className="flex w-full flex-col px-4 py-8 sm:px-8 lg:w-1/2 lg:px-12 xl:px-20">
        <HomeLink className="self-start" />
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {title}
            </h1>
            {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
            <div className="mt-8">{children}</div>
            {footer && <div className="mt-8 text-sm text-slate-600">{footer}</div>}
          </div>
        </main>
        <p className="text-center text-xs text-slate-500 lg:text-left">
          © {new Date().getFullYear()} Creator Workspace
        </p>
      </div>
      <aside
        aria-hidden="true"
        className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-700 lg:flex lg:w-1/2 lg:items-center lg:justify-center"
      >
        <div className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div className="absolute -bottom-32 -left-16 size-96 rounded-full bg-fuchsia-400/20 blur-3xl" />
        <div className="relative max-w-md px-12 text-white">
          <p className="text-sm font-semibold tracking-wider text-indigo-200 uppercase">
            Creator Workspace
          </p>
          <p className="mt-4 text-3xl leading-tight font-bold">
            Your ideas deserve better than a dozen scattered apps.
          </p>
          <ul className="mt-8 space-y-4">
            {highlights.map((item) => (
              <li key={item} className="flex gap-3 text-indigo-50">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-300" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <figure className="mt-12 rounded-2xl bg-white/10 p-6 ring-1 ring-white/15 backdrop-blur">
            <blockquote className="text-indigo-50">
              “I plan a whole season of videos here now. Scripts, research, B-roll notes — it is all
              one click away.”
            </blockquote>
            <figcaption className="mt-4 text-sm text-indigo-200">
              Maya R. · Educational YouTuber
            </figcaption>
          </figure>
        </div>
      </aside>
    </div>
  );
}

/** Small link style for the auth screens. */
export const authLinkClass =
  'font-semibold text-indigo-600 hover:text-indigo-500 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
