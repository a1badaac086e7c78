import { CheckCircle2, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { SocialIcon, type SocialIconName } from '../../../components/social-icon';
import { TextArea } from '../../../components/text-area';
import { TextField } from '../../../components/text-field';
import { PageIntro } from '../components/page-intro';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Field = 'name' | 'email' | 'message';

const channels: { label: string; detail: string; href: string; icon: SocialIconName | 'mail' }[] = [
  {
    label: 'Email',
    detail: 'hello@creatorworkspace.app',
    href: 'mailto:hello@creatorworkspace.app',
    icon: 'mail',
  },
  {
    label: 'GitHub',
    detail: 'github.com/creator-workspace',
    href: 'https://github.com/',
    icon: 'github',
  },
  {
    label: 'LinkedIn',
    detail: 'linkedin.com/company/creator-workspace',
    href: 'https://www.linkedin.com/',
    icon: 'linkedin',
  },
  {
    label: 'Instagram',
    detail: '@creatorworkspace',
    href: 'https://www.instagram.com/',
    icon: 'instagram',
  },
];

const messages: Record<Field, string> = {
  name: 'Name is required',
  email: 'Email is required',
  message: 'Message is required',
};

/**
 * Local-only contact form (docs/product.md, "Screens and routes"): submitting marks it sent;
 * nothing leaves the browser.
 */
export function ContactPage() {
  useDocumentTitle('Contact Us');
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['name', 'email', 'message'] as const) {
      if (!values[field].trim()) found[field] = messages[field];
    }
    if (!found.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
      found.email = 'Enter a valid email';
    }
    setErrors(found);
    if (Object.keys(found).length === 0) setSent(true);
  }

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    required: true,
    disabled: sent,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <>
      <PageIntro eyebrow="Contact Us" title="We'd love to hear from you">
        <p>Questions, ideas or feedback — send us a note and a real person will read it.</p>
      </PageIntro>
      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="min-w-0 lg:col-span-2">
          <h2 className="text-xl font-semibold text-slate-900">Other ways to reach us</h2>
          <p className="mt-2 text-sm text-slate-600">We usually reply within two business days.</p>
          <ul className="mt-6 space-y-3">
            {channels.map((channel) => (
              <li key={channel.label}>
                <a
                  href={channel.href}
                  target={channel.icon === 'mail' ? undefined : '_blank'}
                  rel="noreferrer"
                  className="flex items-center gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 transition-colors hover:bg-slate-50"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                    {channel.icon === 'mail' ? (
                      <Mail className="size-5" aria-hidden="true" />
                    ) : (
                      <SocialIcon name={channel.icon} className="size-5" />
                    )}
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold text-slate-900">
                      {channel.label}
                    </span>
                    <span className="block truncate text-sm text-slate-600">{channel.detail}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="min-w-0 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
          <h2 className="text-xl font-semibold text-slate-900">Send us a message</h2>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="Name" autoComplete="name" {...bind('name')} />
              <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
            </div>
            <TextArea label="Message" rows={6} {...bind('message')} />
            {sent && (
              <p
                role="status"
                className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-700 ring-1 ring-emerald-600/20"
              >
                <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                Thank you for reaching out! We&apos;ll get back to you soon.
              </p>
            )}
            <Button type="submit" size="lg" disabled={sent} className="w-full sm:w-auto">
              {sent ? 'Message Sent!' : 'Send Message'}
            </Button>
          </form>
        </div>
      </section>
    </>
  );
}
