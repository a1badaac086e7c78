import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '../components/page-intro';
import { useDocumentTitle } from '../../../lib/use-document-title';

const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'information-we-collect',
    title: '1. Information we collect',
    body: (
      <>
        <p>We collect only what we need to run Creator Workspace for you:</p>
        <ul>
          <li>
            <strong>Account information</strong> — your first and last name, email address, a
            securely hashed password, and an optional profile picture.
          </li>
          <li>
            <strong>Content data</strong> — the collections, notes, scripts, tags and files you
            create or upload to your workspace.
          </li>
          <li>
            <strong>Usage data</strong> — basic technical information such as sign-in times, IP
            address and browser type, used to keep the service secure and reliable.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: '2. How we use your information',
    body: (
      <ul>
        <li>To provide, maintain and improve your workspace.</li>
        <li>To verify your email address and send one-time sign-in codes.</li>
        <li>To protect your account, for example by limiting repeated failed sign-ins.</li>
        <li>To answer your questions when you contact us.</li>
        <li>We never sell your personal information or use your content for advertising.</li>
      </ul>
    ),
  },
  {
    id: 'data-security',
    title: '3. Data security',
    body: (
      <p>
        Passwords are stored only as strong one-way hashes, one-time codes expire after a few
        minutes, and sessions use short-lived access tokens. Access to your content is limited to
        your own account. No system is perfectly secure, but we work hard to protect your data and
        will tell you promptly if a breach affects you.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: '4. Cookies and local storage',
    body: (
      <p>
        We do not use advertising or tracking cookies. To keep you signed in, your browser stores
        your session tokens in local storage on your device; signing out removes them.
      </p>
    ),
  },
  {
    id: 'third-party-services',
    title: '5. Third-party services',
    body: (
      <p>
        We use a small number of trusted providers, such as email delivery and hosting, only to
        operate the service. They process data on our behalf and may not use it for their own
        purposes. Links to external sites, including social networks, are governed by those
        sites&apos; own policies.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: '6. Your rights',
    body: (
      <p>
        You can view and update your profile at any time in Account Settings. You may also ask us
        for a copy of your data, ask us to correct it, or ask us to delete your account and
        everything in it. We will respond within 30 days.
      </p>
    ),
  },
  {
    id: 'policy-updates',
    title: '7. Updates to this policy',
    body: (
      <p>
        We may update this policy as the product evolves. When we make significant changes we will
        let you know by email or in the app before they take effect. The date at the top shows when
        it last changed.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '8. Contact us',
    body: (
      <p>
        Questions about your privacy? Email{' '}
        <a href="mailto:privacy@creatorworkspace.app">privacy@creatorworkspace.app</a> or use our{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <>
      <PageIntro eyebrow="Privacy Policy" title="Your privacy matters">
        <p>How Creator Workspace collects, uses and protects your information.</p>
        <p className="mt-2 text-sm text-slate-500">Last updated: November 22, 2026</p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-4 lg:px-8">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
              On this page
            </p>
            <ul className="mt-3 space-y-2 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-slate-600 hover:text-indigo-600">
                    {section.title.replace(/^\d+\. /, '')}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="space-y-10 lg:col-span-3">
          {sections.map((section) => (
            <section key={section.id} id={section.id} className="scroll-mt-24">
              <h2 className="text-xl font-semibold text-slate-900">{section.title}</h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-indigo-600 [&_a]:underline [&_li]:mt-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
