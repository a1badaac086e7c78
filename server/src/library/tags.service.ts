import type { z } from 'zod';
import type {
  Tag,
  tagCreateBodySchema,
  tagListQuerySchema,
  tagPatchBodySchema,
} from '@cw/contract';
import { notFound, validationFailed } from '../http/errors';
import type { LibraryStore } from './library-store';
import { authorize } from '../policy/library.policy';
import type { Caller } from '../policy/caller';
import { pageWindow, type Page } from '../http/pagination';
import { presentTag } from './presenters';

type TagListQuery = z.output<typeof tagListQuerySchema>;
type TagCreateInput = z.output<typeof tagCreateBodySchema>;
type TagPatchInput = z.output<typeof tagPatchBodySchema>;

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

  /** Detaches it from every collection and content item (ON DELETE CASCADE on the links). */
  async remove(caller: Caller, id: number): Promise<void> {
    if (!(await this.store.repos.tags.delete(caller, id))) throw notFound();
  }
}
