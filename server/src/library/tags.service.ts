import type { z } from 'zod';
import type {
  Paginated,
  Tag,
  tagCreateBodySchema,
  tagListQuerySchema,
  tagPatchBodySchema,
} from '@cw/contract';
import { notFound, validationFailed } from '../http/errors';
import type { LibraryStore } from './library-store';
import { requireCallerAsUser } from './library-policy';
import { paginate, pageWindow } from './pagination';
import { presentTag } from './presenters';

type TagListQuery = z.output<typeof tagListQuerySchema>;
type TagCreateInput = z.output<typeof tagCreateBodySchema>;
type TagPatchInput = z.output<typeof tagPatchBodySchema>;

export const TAGS_PATH = '/api/collections/tags/';

const duplicateName = () => validationFailed({ name: ['You already have a tag with this name.'] });

export class TagsService {
  constructor(private readonly store: LibraryStore) {}

  async list(callerId: number, query: TagListQuery, url: string): Promise<Paginated<Tag>> {
    requireCallerAsUser(callerId, query.user);
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.tags.listForOwner(
      callerId,
      query.name || undefined,
      limit,
      offset,
    );
    return paginate(rows.map(presentTag), count, query, TAGS_PATH, url);
  }

  async get(callerId: number, id: number): Promise<Tag> {
    const row = await this.store.repos.tags.findForOwner(callerId, id);
    if (!row) throw notFound();
    return presentTag(row);
  }

  async create(callerId: number, body: TagCreateInput): Promise<Tag> {
    requireCallerAsUser(callerId, body.user);
    const row = await this.store.repos.tags.insert(callerId, body.name);
    if (!row) throw duplicateName();
    return presentTag(row);
  }

  async update(callerId: number, id: number, body: TagPatchInput): Promise<Tag> {
    requireCallerAsUser(callerId, body.user);
    const current = await this.store.repos.tags.findForOwner(callerId, id);
    if (!current) throw notFound();
    if (body.name === undefined) return presentTag(current);
    const row = await this.store.repos.tags.rename(callerId, id, body.name);
    if (row === 'duplicate') throw duplicateName();
    if (!row) throw notFound();
    return presentTag(row);
  }

  /** Detaches it from every collection and content item (ON DELETE CASCADE on the links). */
  async remove(callerId: number, id: number): Promise<void> {
    if (!(await this.store.repos.tags.deleteForOwner(callerId, id))) throw notFound();
  }
}
