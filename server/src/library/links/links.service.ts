import type { z } from 'zod';
import type { Backlink, ItemLinks, backlinkListQuerySchema } from '@cw/contract';
import { pageWindow, type Page } from '../../http/pagination';
import type { Caller } from '../../policy/caller';
import { requireRole } from '../../policy/library.policy';
import type { LibraryStore } from '../library-store';

type BacklinkListQuery = z.output<typeof backlinkListQuerySchema>;

/**
 * Links between items (docs/api.md, "Links between items"; decision 211): whoever may read an
 * item reads its links, each target shown only when they may read it too, and its backlinks,
 * only from items they may read. The links are written by every write of an item's text.
 */
export class LinksService {
  constructor(private readonly store: LibraryStore) {}

  async links(caller: Caller, contentId: number): Promise<ItemLinks> {
    await this.requireReadable(caller, contentId);
    return { results: await this.store.repos.links.linksOf(caller, contentId) };
  }

  async backlinks(
    caller: Caller,
    contentId: number,
    query: BacklinkListQuery,
  ): Promise<Page<Backlink>> {
    await this.requireReadable(caller, contentId);
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.links.backlinks(
      caller,
      contentId,
      limit,
      offset,
    );
    return {
      results: rows.map((row) => ({
        id: row.id,
        title: row.title,
        updated_on: row.updatedOn?.toISOString() ?? null,
      })),
      count,
    };
  }

  private async requireReadable(caller: Caller, contentId: number): Promise<void> {
    requireRole((await this.store.repos.access.onContent(caller, contentId))?.role, 'read');
  }
}
