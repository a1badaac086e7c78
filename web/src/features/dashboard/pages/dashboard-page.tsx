import {
  CalendarDays,
  FileText,
  FolderOpen,
  KanbanSquare,
  PenLine,
  Plus,
  Tags,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { STATUS_LABELS } from '../../../components/content-card';
import { formatDate, formatDateTime } from '../../../lib/format';
import { PIPELINE_STATUSES, useDashboardSummary } from '../api/get-summary';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { figure, Panel, Stat } from '../components/dashboard-parts';
import { FirstRun } from '../components/first-run';

type Library = 'loading' | 'empty' | 'filled';

/** The header's greeting: "Welcome back" once the library holds something, else "Welcome". */
function greeting(firstName: string, library: Library): string {
  const name = firstName ? `, ${firstName}` : '';
  if (library === 'empty') return `Welcome${name}. Start with a collection or a first script.`;
  return `Welcome${library === 'filled' ? ' back' : ''}${name}.`;
}

/**
 * /dashboard: the header, counts of the library, the pipeline, words this week, the next
 * publications and the most recently changed items, all from one request.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const [now] = useState(() => new Date());
  const summary = useDashboardSummary(user.id, now);
  const data = summary.data;
  const failed = summary.isError && !data;
  const counts = data?.counts;
  // An empty library is a first visit (or a fresh start): "back" would be wrong there.
  const library: Library = !counts
    ? 'loading'
    : counts.collections + counts.contents === 0
      ? 'empty'
      : 'filled';

  return (
    <section>
      <PageHeader
        title="Dashboard"
        description={greeting(user.first_name, library)}
        actions={
          <>
            <ButtonLink to="/collections" variant="secondary" icon={FolderOpen}>
              Collections
            </ButtonLink>
            <ButtonLink to="/content/create" icon={Plus}>
              New Content
            </ButtonLink>
          </>
        }
      />
      {library === 'empty' && <FirstRun user={user.id} />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat
          label="Collections"
          to="/collections"
          Icon={FolderOpen}
          value={counts?.collections}
          failed={failed}
        />
        <Stat
          label="Content items"
          to="/content"
          Icon={FileText}
          value={counts?.contents}
          failed={failed}
        />
        <Stat label="Tags" Icon={Tags} value={counts?.tags} failed={failed} />
      </div>

      <div className="mt-8 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel
          id="pipeline-heading"
          title="Pipeline"
          more={{ to: '/board', label: 'Open the board', Icon: KanbanSquare }}
          className="lg:col-span-2"
        >
          <ul className="grid grid-cols-2 gap-2 p-4 sm:grid-cols-5">
            {PIPELINE_STATUSES.map((status) => (
              <li key={status}>
                <Link
                  to={`/content?status=${status}`}
                  data-testid="status-count"
                  data-status={status}
                  className="block rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200 hover:bg-indigo-50 hover:ring-indigo-200"
                >
                  <span className="block text-xs text-slate-600">{STATUS_LABELS[status]}</span>
                  <span className="block text-xl font-bold text-slate-900 tabular-nums">
                    {figure(data?.statuses[status], failed)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel id="words-heading" title="Words this week">
          <Link
            to="/content"
            className="flex items-center gap-4 p-5 hover:bg-slate-50"
            data-testid="words-this-week"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
              <PenLine className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block text-2xl font-bold text-slate-900 tabular-nums">
                {figure(data?.words_this_week.words, failed)}
              </span>
              <span className="block text-xs text-slate-600">
                {data
                  ? `in ${data.words_this_week.items === 1 ? '1 item' : `${data.words_this_week.items} items`} started since Sunday`
                  : 'in items started since Sunday'}
              </span>
            </span>
          </Link>
        </Panel>
      </div>

      <Panel
        id="upcoming-heading"
        title="Next publications"
        more={{ to: '/calendar', label: 'Open the calendar', Icon: CalendarDays }}
        className="mt-8"
      >
        {summary.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading..." />
          </div>
        ) : !data || data.upcoming.length === 0 ? (
          <p className="px-5 py-6 text-center text-sm text-slate-600">
            {failed
              ? 'Could not load your next publications.'
              : 'Nothing planned yet. Give a script a publish date to see it here.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="upcoming">
            {data.upcoming.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/content/${item.id}`}
                  className="flex items-center justify-between gap-3 px-5 py-3 hover:bg-slate-50"
                >
                  <span className="min-w-0 truncate text-sm font-medium text-slate-900">
                    {item.title}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600">
                    {STATUS_LABELS[item.status]} · {formatDate(`${item.publish_on}T00:00:00`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <section
        aria-labelledby="recent-heading"
        className="mt-8 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <h2
          id="recent-heading"
          className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900"
        >
          Recently changed
        </h2>
        {summary.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading..." />
          </div>
        ) : !data || data.recent.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-500">
            {failed
              ? 'Could not load your recent items.'
              : 'Nothing here yet. Create a collection or your first script to see it here.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.recent.map((item) => {
              const Icon = item.kind === 'collection' ? FolderOpen : FileText;
              const href =
                item.kind === 'collection' ? `/collections/${item.id}` : `/content/${item.id}`;
              return (
                <li key={`${item.kind}-${item.id}`}>
                  <Link
                    to={href}
                    className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50 focus-visible:bg-slate-50"
                  >
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                      <Icon className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-slate-900">
                        {item.title}
                      </span>
                      <span className="block text-xs text-slate-500">
                        {item.kind === 'collection' ? 'Collection' : 'Content'} ·{' '}
                        {item.edited ? 'Edited' : 'Created'} {formatDateTime(item.changed_on)}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </section>
  );
}
