import { Compass } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600">
        <Compass className="size-7" aria-hidden="true" />
      </div>
      <p className="mt-6 text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Oops! Page Not Found
      </h1>
      <p className="mt-4 text-base text-slate-600">
        The page you&apos;re looking for doesn&apos;t exist or has been moved.
      </p>
      <ButtonLink to="/" size="lg" className="mt-8">
        Go Home
      </ButtonLink>
    </section>
  );
}
