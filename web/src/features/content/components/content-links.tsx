import type { Collection, ContentItem, Tag } from '@cw/contract';
import { Paperclip } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { FlashMessage, useFlashMessage } from '../../../components/flash-message';
import { TagChipList } from '../../../components/tag-chip';
import { ApiRequestError } from '../../../lib/api-client';
import { CollectionPicker } from './collection-picker';
import { TagPicker } from './tag-picker';

/** A labelled part of the writing page's side panel. */
function PanelField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">{label}</p>
      {children}
    </div>
  );
}

/** Collections and tags shown, not changed: an item someone else owns, or a viewer's. */
export function FixedLinks({
  collections,
  tags,
}: {
  collections: { id: number; name: string }[];
  tags: { id: number; name: string }[];
}) {
  return (
    <>
      <PanelField label="Collections">
        {collections.length === 0 ? (
          <p className="text-sm text-slate-500 italic">In no collection</p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-800" aria-label="Collections">
            {collections.map((collection) => (
              <li key={collection.id} className="[overflow-wrap:anywhere]">
                {collection.name}
              </li>
            ))}
          </ul>
        )}
      </PanelField>
      <PanelField label="Tags">
        {tags.length === 0 ? (
          <p className="text-sm text-slate-500 italic">No tags</p>
        ) : (
          <TagChipList tags={tags} max={50} />
        )}
      </PanelField>
    </>
  );
}

/**
 * The Collections and Tags pickers; a tag that cannot be created says why for a few seconds
 * under them.
 */
export function LinkPickers({
  collections,
  collectionsLoading,
  selectedCollections,
  onChangeCollections,
  tags,
  tagsLoading,
  selectedTags,
  onChangeTags,
  onCreateTag,
  disabled,
}: {
  collections: Pick<Collection, 'id' | 'name'>[];
  collectionsLoading: boolean;
  selectedCollections: number[];
  onChangeCollections: (ids: number[]) => void;
  tags: Tag[];
  tagsLoading: boolean;
  selectedTags: number[];
  onChangeTags: (ids: number[]) => void;
  onCreateTag: (name: string) => Promise<Tag>;
  disabled: boolean;
}) {
  const flash = useFlashMessage();
  const showFlash = flash.show;
  const createTag = useCallback(
    async (name: string) => {
      try {
        return await onCreateTag(name);
      } catch (error) {
        showFlash(
          error instanceof ApiRequestError && error.status === 400
            ? `Failed to create tag: ${error.fieldErrors.name ?? error.message}`
            : 'Failed to create tag. Please try again.',
        );
        throw error;
      }
    },
    [onCreateTag, showFlash],
  );
  return (
    <>
      <PanelField label="Collections">
        <CollectionPicker
          collections={collections}
          loading={collectionsLoading}
          selected={selectedCollections}
          onChange={onChangeCollections}
          disabled={disabled}
        />
      </PanelField>
      <PanelField label="Tags">
        <TagPicker
          tags={tags}
          loading={tagsLoading}
          selected={selectedTags}
          onChange={onChangeTags}
          onCreate={createTag}
        />
        <FlashMessage message={flash.message} className="mt-2" />
      </PanelField>
    </>
  );
}

/** The item's links as it holds them, for FixedLinks when nothing else is given. */
export const linksOf = (item: ContentItem | null) => ({
  collections: item?.collections_named_list ?? [],
  tags: item?.tags_named_list ?? [],
});

/**
 * Below `xl` the side panel sits under the editor: this link jumps to it, saying how many
 * files are attached.
 */
export function JumpToDetails({ files }: { files: number }) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 xl:hidden"
      onClick={() => {
        const panel = document.getElementById('content-details');
        panel?.scrollIntoView({ block: 'start' });
        panel?.focus({ preventScroll: true });
      }}
    >
      <Paperclip className="size-4" aria-hidden="true" />
      Collections, tags and attachments
      {files > 0 && ` (${files} ${files === 1 ? 'file' : 'files'})`}
    </button>
  );
}
