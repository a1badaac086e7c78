import { PageHeader } from '../../../components/page-header';

/** ISSUE-5 PLACEHOLDER: replace with the real page (keep the named export). */
export function ContentListPage() {
  return (
    <section>
      <PageHeader title="Your Content" />
      <p className="text-sm text-slate-500">This screen is coming soon.</p>
    </section>
  );
}
