import { ButtonLink } from '../../../components/button';
import { LightIcon } from '../../../components/icons';
import heroIllustration from '../../../assets/hero-illustration.svg';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { hasStoredSession } from '../../../lib/session-hint';
import { useSyncExternalStore } from 'react';
import { audiences, benefits, features, steps, testimonials } from '../components/landing-content';

/** The stored session is read once per render; nothing to subscribe to. */
const noChanges = () => () => {};

function SectionHeading({
  eyebrow,
  title,
  text,
}: {
  eyebrow: string;
  title: string;
  text: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold text-indigo-600">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h2>
      <p className="mt-4 text-lg text-slate-600">{text}</p>
    </div>
  );
}

export function LandingPage() {
  useDocumentTitle();
  // Its own small offer, not components/signed-in-offer: sharing that with the lazy sign-in
  // pages makes the bundler split this eager bundle into more files (docs/decisions/012).
  // Signed out in the prerendered HTML (no storage at build time); the browser's answer once hydrated.
  const signedIn = useSyncExternalStore(noChanges, hasStoredSession, () => false);
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50/70 via-white to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:px-8 lg:pt-20 lg:pb-24">
          <div>
            <p className="inline-flex rounded-full bg-white px-3 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-indigo-200">
              The all-in-one workspace for content creators
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              Every idea, script and note.{' '}
              <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent">
                One workspace.
              </span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600">
              Creator Workspace brings your videos, notes, scripts and tags into one calm place, so
              you spend less time hunting for things and more time making them.
            </p>
            <ul className="mt-7 grid gap-3 sm:grid-cols-2">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex gap-2.5 text-sm text-slate-700">
                  <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white">
                    <LightIcon name="check" className="size-3" strokeWidth={3} />
                  </span>
                  {benefit}
                </li>
              ))}
            </ul>
            {signedIn ? (
              <div
                data-testid="signed-in-offer"
                className="mt-9 flex max-w-xl flex-col gap-3 rounded-xl bg-white p-5 ring-1 ring-indigo-200 sm:flex-row sm:items-center sm:justify-between"
              >
                <p className="text-sm font-medium text-slate-800">You&apos;re already signed in.</p>
                <ButtonLink to="/dashboard">
                  Go to dashboard
                  <LightIcon name="arrow-right" className="size-4" />
                </ButtonLink>
              </div>
            ) : (
              <div className="mt-9 flex flex-col gap-3 sm:flex-row">
                <ButtonLink to="/register" size="lg">
                  Get Started Free
                  <LightIcon name="arrow-right" className="size-4" />
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="secondary">
                  Login
                </ButtonLink>
              </div>
            )}
            <p className="mt-4 text-sm text-slate-500">Free to start · No credit card required</p>
          </div>
          <img
            src={heroIllustration}
            alt="Creator Workspace showing collections of video ideas, podcast episodes and a script being written"
            width={640}
            height={520}
            className="mx-auto w-full max-w-xl"
            fetchPriority="high"
          />
        </div>
      </section>

      <section className="py-20 sm:py-24" aria-labelledby="how-it-works">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            eyebrow="How It Works"
            title="From first spark to finished piece"
            text="Three simple steps to a workspace that keeps up with your ideas."
          />
          <ol className="mt-14 grid gap-6 md:grid-cols-3" id="how-it-works">
            {steps.map(([title, text], index) => (
              <li key={title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
                <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-lg font-bold text-white shadow-sm">
                  {index + 1}
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            eyebrow="Why Choose Creator Workspace"
            title="Built around the way creators work"
            text="No rigid project boards and no blank-page paralysis: just the pieces you need, where you expect them."
          />
          <div className="mt-14 grid gap-6 md:grid-cols-3">
            {features.map(([icon, title, text]) => (
              <div key={title} className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm">
                  <LightIcon name={icon} className="size-6" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            eyebrow="What Creators Say"
            title="Less chaos, more creating"
            text="A few words from creators who moved their workflow into Creator Workspace."
          />
          <div className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-2">
            {testimonials.map((item) => (
              <figure
                key={item.name}
                className="flex flex-col rounded-2xl bg-white p-7 ring-1 ring-slate-200"
              >
                <blockquote className="flex-1 text-base leading-relaxed text-slate-700">
                  “{item.quote}”
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">
                    {item.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{item.name}</span>
                    <span className="block text-sm text-slate-500">{item.role}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="bg-slate-50 py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            eyebrow="Who is it for"
            title="Made for people who make things"
            text="Whether you publish weekly videos or teach a course a year, your ideas deserve a proper home."
          />
          <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {audiences.map(([title, text]) => (
              <li
                key={title}
                className="relative overflow-hidden rounded-2xl bg-white p-5 pl-6 ring-1 ring-slate-200 before:absolute before:inset-y-0 before:left-0 before:w-1 before:bg-gradient-to-b before:from-indigo-500 before:to-violet-500"
              >
                <span>
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12">
          <div
            className="absolute -top-20 -right-20 size-72 rounded-full bg-white/10 blur-2xl"
            aria-hidden="true"
          />
          <h2 className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to get your ideas in order?
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-indigo-100">
            Set up your workspace in under a minute and start your next project with everything in
            one place.
          </p>
          <ButtonLink to="/register" size="lg" variant="secondary" className="relative mt-8 ring-0">
            Get Started Free
            <LightIcon name="arrow-right" className="size-4" />
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
