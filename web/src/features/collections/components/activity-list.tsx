import type { Activity } from '@cw/contract';
import { activitySentence } from '@cw/contract/notification-texts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/load-more';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { activityQueryOptions } from '../api/activity';

/** An entry's sentence; the item's title links to it while it is there. */
function Entry({ entry }: { entry: Activity }) {
  const sentence = activitySentence(entry);
  const at = entry.kind === 'edited' ? entry.updated_on : entry.created_on;
  return (
    <li className="py-2.5">
      <p className="text-sm break-words text-slate-700">
        {entry.content_id !== null ? (
          <Link
            to={`/content/${entry.content_id}`}
            className="hover:text-indigo-700 hover:underline"
          >
            {sentence}
          </Link>
        ) : (
          sentence
        )}
      </p>
      <p className="text-xs text-slate-500">
        <time dateTime={at}>{formatDateTime(at)}</time>
      </p>
    </li>
  );
}

/**
 * The collection page's Activity (docs/product.md, "Activity"): who did what and when, newest
 * first, ten at a time with Load more. Every member sees it.
 */
export function ActivityList({ collectionId }: { collectionId: number }) {
  const activity = useInfiniteQuery(activityQueryOptions(collectionId));
  const entries = activity.data?.pages.flatMap((page) => page.results) ?? [];
  const total = activity.data?.pages[0]?.count ?? 0;
  return (
    <section
      aria-labelledby="activity-title"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id="activity-title"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <History className="size-4 text-slate-500" aria-hidden="true" />
        Activity
      </h2>
      {activity.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      ) : activity.isError ? (
        <p className="mt-2 text-sm text-red-600">Could not load the activity.</p>
      ) : entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Nothing has happened here yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <LoadMore shown={entries.length} total={total} pages={activity} />
    </section>
  );
}
