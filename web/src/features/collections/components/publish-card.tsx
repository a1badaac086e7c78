import type { Collection } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Download, ExternalLink, Globe } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClasses } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { downloadFollowers, followerCountQueryOptions } from '../api/followers';
import { usePublishing } from '../api/publish-collection';

/**
 * Followers by email (docs/product.md, "Followers"): how many, never who, unless the owner
 * exports the addresses.
 */
function FollowersRow({ collection }: { collection: Collection }) {
  const count = useQuery(followerCountQueryOptions(collection.id));
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const followers = count.data?.followers;
  const pending = count.data?.pending ?? 0;

  async function exportCsv() {
    setFailure(null);
    setExporting(true);
    try {
      await downloadFollowers(collection.id, collection.name);
    } catch {
      setFailure('Could not export the followers. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="space-y-2 border-t border-slate-100 pt-3" data-testid="followers">
      <p className="text-sm text-slate-700">
        <span className="font-medium">Followers by email: </span>
        {followers === undefined ? (
          count.isError ? (
            'not available right now'
          ) : (
            '…'
          )
        ) : (
          <span data-testid="follower-count">
            {followers === 1 ? '1 follower' : `${followers} followers`}
          </span>
        )}
        {pending > 0 && (
          <span className="block text-xs text-slate-500">
            {pending === 1 ? '1 address' : `${pending} addresses`} not confirmed yet
          </span>
        )}
      </p>
      <p className="text-xs text-slate-500">
        Visitors follow from the public page; each gets one email per item you newly show on it.
        Their addresses stay hidden unless you export them.
      </p>
      {followers !== undefined && followers > 0 && (
        <Button
          size="sm"
          variant="secondary"
          icon={Download}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          Export followers (CSV)
        </Button>
      )}
      <FormMessage tone="error">{failure}</FormMessage>
    </div>
  );
}

/**
 * "Publish to web" (docs/product.md, "Publishing"): the owner publishes the collection to a page
 * anyone with the link can read, copies or opens the link, and stops publishing. Only what the
 * card names becomes visible; the link changes if it is published again after Unpublish.
 */
export function PublishCard({ collection }: { collection: Collection }) {
  const { publish, unpublish, feedFullText } = usePublishing(collection);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const link = collection.public_url ? `${window.location.origin}${collection.public_url}` : null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const run = (
    action: { mutate: (v: void, o: { onError: () => void }) => void },
    message: string,
  ) => {
    setFailure(null);
    action.mutate(undefined, { onError: () => setFailure(message) });
  };

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setFailure('Could not copy the link. Select it and copy it by hand.');
    }
  }

  if (!link) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          Anyone with the link will see this collection’s name, description and tags, your name, and
          the content items you switch to <strong>Show on public page</strong> as you last published
          them, with the files you mark <strong>On public page</strong>. Notes and everything else
          stay private.
        </p>
        <Button
          size="sm"
          icon={Globe}
          loading={publish.isPending}
          onClick={() => run(publish, 'Failed to publish the collection. Please try again.')}
        >
          Publish
        </Button>
        <FormMessage tone="error">{failure}</FormMessage>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        On the web. Anyone with this link sees the items switched to{' '}
        <strong>Show on public page</strong> and the files marked <strong>On public page</strong>.
      </p>
      <label className="block">
        <span className="sr-only">Public link</span>
        <input
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full truncate rounded-lg border-0 bg-slate-50 px-3 py-2 text-xs text-slate-700 ring-1 ring-slate-200 ring-inset"
          data-testid="public-link"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          icon={copied ? Check : Copy}
          onClick={() => void copy()}
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'sm')}
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          Open
        </a>
        <Button
          size="sm"
          variant="secondary"
          loading={unpublish.isPending}
          onClick={() => run(unpublish, 'Failed to unpublish the collection. Please try again.')}
        >
          Unpublish
        </Button>
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={feedFullText.isPending ? !collection.feed_full_text : collection.feed_full_text}
          disabled={feedFullText.isPending}
          onChange={(event) => {
            setFailure(null);
            feedFullText.mutate(event.target.checked, {
              onError: () => setFailure('Could not change the feed. Please try again.'),
            });
          }}
          className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600"
        />
        <span>
          Whole texts in the feed
          <span className="block text-xs text-slate-500">
            Feed readers and podcast apps get each item’s full text, not only its summary.
          </span>
        </span>
      </label>
      <FormMessage tone="error">{failure}</FormMessage>
      <FollowersRow collection={collection} />
    </div>
  );
}
