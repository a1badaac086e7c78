import { PageHeader } from '../../../components/page-header';

/** ISSUE-5 SLOT: the spec's dashboard shows its header only. */
export function DashboardPage() {
  return (
    <section>
      <PageHeader title="Dashboard" />
    </section>
  );
}
