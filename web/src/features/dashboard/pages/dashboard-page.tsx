import { FileText, FolderOpen, Plus, Tags, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import {
  mergeRecent,
  useCollectionsSummary,
  useContentsSummary,
  useTagCount,
} from '../api/get-summary';
import { useDocumentTitle } from '../../../lib/use-document-title';

const RECENT_LIMIT = 8;

/** /dashboard: the header, counts of the library and the most recently changed items. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const collections = useCollectionsSummary(user.id);
  const contents = useContentsSummary(user.id);
  const tags = useTagCount(user.id);
  const recent = mergeRecent([collections.data?.recent, contents.data?.recent], RECENT_LIMIT);
  const loadingRecent = collections.isPending || contents.isPending;
  const failed = collections.isError || contents.isError;

  return (
    <section>
      <PageHeader
        title="Dashboard"
        description={`Welcome back${user.first_name ? `, ${user.first_name}` : ''}.`}
        actions={
          <>
            <ButtonLink to="/collections" variant="secondary">
              <FolderOpen className="size-4" aria-hidden="true" />
              Collections
            </ButtonLink>
            <ButtonLink to="/content/create">
              <Plus className="size-4" aria-hidden="true" />
              New Content
            </ButtonLink>
          </>
        }
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat
          label="Collections"
          to="/collections"
          Icon={FolderOpen}
          value={collections.data?.count}
          failed={collections.isError}
        />
        <Stat
          label="Content items"
          to="/content"
          Icon={FileText}
          value={contents.data?.count}
          failed={contents.isError}
        />
        <Stat label="Tags" Icon={Tags} value={tags.data} failed={tags.isError} />
      </div>

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
        {loadingRecent ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading..." />
          </div>
        ) : recent.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-500">
            {failed
              ? 'Could not load your recent items.'
              : 'Nothing here yet. Create a collection or your first script to see it here.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.map((item) => {
              const Icon = item.kind === 'collection' ? FolderOpen : FileText;
              return (
                <li key={`${item.kind}-${item.id}`}>
                  <Link
                    to={item.href}
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
                        {item.edited ? 'Edited' : 'Created'} {formatDateTime(item.changedOn)}
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

function Stat({
  label,
  value,
  Icon,
  to,
  failed,
}: {
  label: string;
  value: number | undefined;
  Icon: LucideIcon;
  to?: string;
  failed: boolean;
}) {
  const body = (
    <>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm text-slate-500">{label}</span>
        <span className="block text-2xl font-bold text-slate-900 tabular-nums">
          {value !== undefined ? value.toLocaleString('en-US') : failed ? '–' : '…'}
        </span>
      </span>
    </>
  );
  const className =
    'flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
  return to ? (
    <Link to={to} className={`${className} transition hover:shadow-md hover:ring-indigo-200`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
