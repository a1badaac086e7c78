import type { z } from 'zod';
import type {
  Tag,
  tagCreateBodySchema,
  tagListQuerySchema,
  tagMergeBodySchema,
  tagPatchBodySchema,
} from '@cw/contract';
import { notFound, validationFailed } from '../../http/errors';
import type { LibraryStore } from '../library-store';
import { authorize } from '../../policy/library.policy';
import type { Caller } from '../../policy/caller';
import { pageWindow, type Page } from '../../http/pagination';
import { presentTag } from './tags.presenter';

type TagListQuery = z.output<typeof tagListQuerySchema>;
type TagCreateInput = z.output<typeof tagCreateBodySchema>;
type TagPatchInput = z.output<typeof tagPatchBodySchema>;
type TagMergeInput = z.output<typeof tagMergeBodySchema>;

const duplicateName = () => validationFailed({ name: ['You already have a tag with this name.'] });

export class TagsService {
  constructor(private readonly store: LibraryStore) {}

  async list(caller: Caller, query: TagListQuery): Promise<Page<Tag>> {
    authorize(caller, { act: 'act-as', user: query.user });
    const { limit, offset } = pageWindow(query);
    const { rows, count } = await this.store.repos.tags.list(
      caller,
      query.name || undefined,
      limit,
      offset,
    );
    return { results: rows.map(presentTag), count };
  }

  async get(caller: Caller, id: number): Promise<Tag> {
    const row = await this.store.repos.tags.find(caller, id);
    if (!row) throw notFound();
    return presentTag(row);
  }

  async create(caller: Caller, body: TagCreateInput): Promise<Tag> {
    authorize(caller, { act: 'act-as', user: body.user });
    const row = await this.store.repos.tags.insert(caller, body.name);
    if (!row) throw duplicateName();
    return presentTag(row);
  }

  async update(caller: Caller, id: number, body: TagPatchInput): Promise<Tag> {
    authorize(caller, { act: 'act-as', user: body.user });
    const current = await this.store.repos.tags.find(caller, id);
    if (!current) throw notFound();
    if (body.name === undefined) return presentTag(current);
    const row = await this.store.repos.tags.rename(caller, id, body.name);
    if (row === 'duplicate') throw duplicateName();
    if (!row) throw notFound();
    return presentTag(row);
  }

  /**
   * Merges tag `id` into tag `into` (docs/api.md, "Tag"): every content item and collection
   * carrying `id` carries `into` instead, then `id` is deleted; one transaction. `id` not the
   * caller's is a 404; `into` the same tag, unknown or someone else's is a 400 on `into`,
   * worded like any other id in a body that is not the caller's.
   */
  async merge(caller: Caller, id: number, body: TagMergeInput): Promise<Tag> {
    return this.store.transaction(async (repos) => {
      const own = await repos.tags.lockOwn(caller, [id, body.into]);
      if (!own.has(id)) throw notFound();
      if (body.into === id) throw validationFailed({ into: ['Choose another tag to merge into.'] });
      if (!own.has(body.into)) {
        throw validationFailed({ into: [`Invalid pk "${body.into}" - object does not exist.`] });
      }
      await repos.tags.moveLinks(id, body.into);
      await repos.tags.delete(caller, id);
      const merged = await repos.tags.find(caller, body.into);
      if (!merged) throw notFound();
      return presentTag(merged);
    });
  }

  /** Detaches it from every collection and content item (ON DELETE CASCADE on the links). */
  async remove(caller: Caller, id: number): Promise<void> {
    if (!(await this.store.repos.tags.delete(caller, id))) throw notFound();
  }
}
