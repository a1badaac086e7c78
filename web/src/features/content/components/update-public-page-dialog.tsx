import type { ContentItem } from '@cw/contract';
import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { ApiRequestError } from '../../../lib/api-client';
import { usePublishContent, versionQueryOptions } from '../api/versions';
import { ChangesBox, TitleChange } from './change-runs';
import { countChangedWords, textChanges } from './text-changes';

/**
 * "Update public page" (docs/product.md, "Publishing"; decision 229): what changed since the
 * last publish (the published version beside the current text, as History shows a version),
 * then the current text becomes the public one. Loaded lazily with the diff library it needs.
 */
export default function UpdatePublicPageDialog({
  item,
  open,
  onClose,
  onUpdated,
}: {
  item: ContentItem;
  open: boolean;
  onClose: () => void;
  onUpdated: () => void;
}) {
  const publishedId = item.published_version;
  const published = useQuery({
    ...versionQueryOptions(item.id, publishedId ?? 0),
    enabled: open && publishedId !== null,
  });
  const publish = usePublishContent(item.id);
  const changes = useMemo(
    () => (published.data ? textChanges(published.data.content, item.content) : []),
    [published.data, item.content],
  );
  const counts = useMemo(() => countChangedWords(changes), [changes]);
  const titleChanged = published.data !== undefined && published.data.title !== item.title;
  const unchanged = !titleChanged && counts.added === 0 && counts.removed === 0;
  const failure = publish.isError
    ? publish.error instanceof ApiRequestError && publish.error.status !== 0
      ? publish.error.message
      : 'Could not update the public page. Please try again.'
    : null;

  return (
    <Modal
      open={open}
      title="Update public page"
      onClose={onClose}
      size="lg"
      description="Edits stay private until you update the public page. Then anyone with the link sees the current text."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={publish.isPending || !published.data || unchanged}
            onClick={() => publish.mutate(undefined, { onSuccess: onUpdated })}
          >
            <Globe className="size-4" aria-hidden="true" />
            {publish.isPending ? 'Updating...' : 'Update public page'}
          </Button>
        </>
      }
    >
      {published.isPending ? (
        <Spinner label="Loading the public text..." />
      ) : published.isError || !published.data ? (
        <FormMessage tone="error">Could not load the public text.</FormMessage>
      ) : (
        <section aria-label="Changes since the last publish" className="min-w-0">
          <p className="mb-3 text-sm text-slate-700">
            {unchanged ? (
              'The public page already shows the current text.'
            ) : (
              <>
                Since the last publish:{' '}
                <span className="font-medium text-emerald-800">+{counts.added} added</span>,{' '}
                <span className="font-medium text-rose-800">−{counts.removed} removed</span>.
              </>
            )}
          </p>
          {titleChanged && <TitleChange from={published.data.title} to={item.title} />}
          <ChangesBox changes={changes} testId="public-changes" />
        </section>
      )}
      <FormMessage tone="error">{failure}</FormMessage>
    </Modal>
  );
}
