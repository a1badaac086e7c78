import type { Tag } from '@cw/contract';
import { Tags } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { DeleteDialog } from '../../../components/delete-dialog';
import { EmptyState } from '../../../components/empty-state';
import { FormMessage } from '../../../components/form-message';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { SearchInput } from '../../../components/search-input';
import { FieldLabel } from '../../../components/text-field';
import { useAllTags } from '../../../lib/api/tags';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteTag } from '../api/manage-tags';
import { MergeTagDialog } from '../components/merge-tag-dialog';
import { TagRow } from '../components/tag-row';

/**
 * /tags: every tag of the person, by name, with its count of uses; rename inline, merge into
 * another, delete. Each change refreshes the tags, content, collections and search answers.
 */
export function TagsPage() {
  useDocumentTitle('Tags');
  const user = useCurrentUser();
  const tags = useAllTags(user.id);
  const remove = useDeleteTag(user.id);
  const [filter, setFilter] = useState('');
  const [merging, setMerging] = useState<Tag | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const filterId = useId();
  const all = tags.data ?? [];
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? all.filter((tag) => tag.name.toLowerCase().includes(wanted)) : all;

  return (
    <section>
      <PageHeader
        title="Tags"
        description="The labels on your content and collections. Rename, merge or delete them here."
      />
      <FormMessage tone="success" className="mb-4">
        {notice}
      </FormMessage>
      {tags.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading tags..." />
        </div>
      ) : tags.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FormMessage tone="error">Failed to load tags. Please try again.</FormMessage>
          <Button variant="secondary" size="sm" onClick={() => void tags.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <EmptyState
          icon={Tags}
          title="No tags yet."
          description="Tags you add to content and collections show here, with how often each is used."
        />
      ) : (
        <>
          <div className="mb-4 sm:w-80">
            <FieldLabel htmlFor={filterId}>Filter tags</FieldLabel>
            <SearchInput
              id={filterId}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              autoComplete="off"
            />
          </div>
          {shown.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600">
              No tags match &ldquo;{filter.trim()}&rdquo;.
            </p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Your tags">
              {shown.map((tag) => (
                <TagRow
                  key={tag.id}
                  tag={tag}
                  canMerge={all.length > 1}
                  onMerge={(source) => {
                    setNotice(null);
                    setMerging(source);
                  }}
                  onDelete={(target) => {
                    setNotice(null);
                    setDeleting(target);
                  }}
                />
              ))}
            </ul>
          )}
          <p className="mt-4 text-xs text-slate-500">
            {all.length} {all.length === 1 ? 'tag' : 'tags'}
          </p>
        </>
      )}
      <MergeTagDialog
        source={merging}
        tags={all}
        onClose={() => setMerging(null)}
        onMerged={(source, into) => setNotice(`Merged ${source.name} into ${into.name}.`)}
      />
      <DeleteDialog
        target={deleting}
        title="Delete Tag"
        name={(tag) => tag.name}
        failureText="Failed to delete tag. Please try again."
        mutation={remove}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
