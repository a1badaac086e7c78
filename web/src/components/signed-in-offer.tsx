import { ButtonLink } from './button';
import { LightIcon } from './icons';

/**
 * For a visitor who is already signed in on this device (/login, /register): the way to the
 * dashboard instead of a sign-in form, and (with `onUseAnother`) the form after all. The
 * landing page shows its own smaller offer to keep its eager bundle in one file.
 */
export function SignedInOffer({ onUseAnother }: { onUseAnother?: () => void }) {
  return (
    <section
      aria-labelledby="signed-in-offer-title"
      data-testid="signed-in-offer"
      className="rounded-xl bg-indigo-50 p-5 ring-1 ring-indigo-200"
    >
      <h2 id="signed-in-offer-title" className="text-base font-semibold text-slate-900">
        You&apos;re already signed in
      </h2>
      <p className="mt-1 text-sm text-slate-700">Pick up where you left off in your workspace.</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <ButtonLink to="/dashboard">
          Go to dashboard
          <LightIcon name="arrow-right" className="size-4" />
        </ButtonLink>
        {onUseAnother && (
          <button
            type="button"
            onClick={onUseAnother}
            className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            Use another account
          </button>
        )}
      </div>
    </section>
  );
}
