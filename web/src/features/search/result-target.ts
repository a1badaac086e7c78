import type { SearchResult, SearchType } from '@cw/contract';

/** The group headings of the palette, in the order the groups are shown. */
export const TYPE_GROUPS: { type: SearchType; label: string }[] = [
  { type: 'content', label: 'Content' },
  { type: 'note', label: 'Notes' },
  { type: 'collection', label: 'Collections' },
  { type: 'file', label: 'Files' },
  { type: 'tag', label: 'Tags' },
];

/** One word for a result's type (the /search page's row, the type filter). */
export const TYPE_LABELS: Record<SearchType, string> = {
  content: 'Content',
  note: 'Note',
  collection: 'Collection',
  file: 'File',
  tag: 'Tag',
};

/**
 * Where a result opens (decision 111): content → its page; a note → its collection's page,
 * scrolled to the note (`?note=ID`); a collection → its page; a file → the item or collection
 * it belongs to (a collection's Files tab), else `null`: the file itself is downloaded; a tag →
 * the content list filtered by it.
 */
export function resultPath(result: SearchResult): string | null {
  switch (result.type) {
    case 'content':
      return `/content/${result.id}`;
    case 'note': {
      const collection = result.collection ?? result.parent?.id;
      return collection ? `/collections/${collection}?note=${result.id}` : null;
    }
    case 'collection':
      return `/collections/${result.id}`;
    case 'file':
      if (!result.parent) return null;
      return result.parent.type === 'content'
        ? `/content/${result.parent.id}`
        : `/collections/${result.parent.id}?tab=files`;
    case 'tag':
      return `/content?tag=${result.id}`;
  }
}

/** Results grouped by type in the palette's order; each group keeps the server's ranking. */
export function groupResults(results: SearchResult[]) {
  return TYPE_GROUPS.map((group) => ({
    ...group,
    results: results.filter((result) => result.type === group.type),
  })).filter((group) => group.results.length > 0);
}
