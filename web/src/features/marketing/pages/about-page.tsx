import { Compass, HeartHandshake, Lightbulb, ShieldCheck } from 'lucide-react';
import { ButtonLink } from '../../../components/button';
import { PageIntro } from '../components/page-intro';
import { useDocumentTitle } from '../../../lib/use-document-title';

const values = [
  {
    Icon: Lightbulb,
    title: 'Ideas first',
    text: 'Capturing a thought should take seconds. Everything else — structure, tags, polish — can come later.',
  },
  {
    Icon: Compass,
    title: 'Calm by design',
    text: 'No feeds, no noise, no streaks. A quiet place that helps you focus on the work in front of you.',
  },
  {
    Icon: HeartHandshake,
    title: 'Made with creators',
    text: 'We build alongside YouTubers, podcasters, writers and educators, and let their workflows shape the product.',
  },
  {
    Icon: ShieldCheck,
    title: 'Your work stays yours',
    text: 'Your notes and scripts are private unless you choose otherwise. We never sell your data.',
  },
];

export function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <>
      <PageIntro eyebrow="About Us" title="We help creators keep their ideas in one place">
        <p>
          Creator Workspace started with a simple frustration: great ideas were getting lost between
          notebooks, chat threads, spreadsheets and half a dozen apps.
        </p>
      </PageIntro>

      <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Our mission</h2>
        <div className="mt-4 space-y-4 text-base leading-relaxed text-slate-700">
          <p>
            Our mission is to give every content creator a single, dependable home for their
            creative work — the video ideas, research notes, scripts and collections that turn into
            the things they publish.
          </p>
          <p>
            Creating is hard enough. Finding last month&apos;s episode outline or the hook you
            jotted down on the train shouldn&apos;t be. We organize the messy middle of the creative
            process so you can spend your energy where it matters: making great content for your
            audience.
          </p>
          <p>
            Whether you work alone or with a team of co-creators, Creator Workspace grows with you —
            from a handful of notes to a full production library.
          </p>
        </div>
      </section>

      <section className="bg-slate-50 py-16">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          <h2 className="text-center text-2xl font-bold tracking-tight text-slate-900">
            What we believe
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2">
            {values.map(({ Icon, title, text }) => (
              <div key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">Come build with us</h2>
        <p className="mt-3 text-slate-600">
          Try Creator Workspace for free, or tell us what would make it better for you.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/register" size="lg">
            Get Started Free
          </ButtonLink>
          <ButtonLink to="/contact" size="lg" variant="secondary">
            Contact Us
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
