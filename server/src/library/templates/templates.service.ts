import type { z } from 'zod';
import {
  MAX_ID,
  TEMPLATES_PER_PERSON,
  type ContentItem,
  type ContentStatus,
  type Template,
  type contentCreateBodySchema,
  type templateCreateBodySchema,
  type templateUseBodySchema,
} from '@cw/contract';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Caller } from '../../policy/caller';
import type { LibraryStore } from '../library-store';
import { BUILTIN_TEMPLATES, builtinTemplate } from './builtin-templates';
import type { TemplateRow } from './templates.repository';

type TemplateCreateInput = z.output<typeof templateCreateBodySchema>;
type TemplateUseInput = z.output<typeof templateUseBodySchema>;
/** Makes a content item as `POST contents-list/` does (the content feature's, given by the plugin). */
export type CreateItem = (
  caller: Caller,
  body: z.output<typeof contentCreateBodySchema>,
) => Promise<ContentItem>;

const present = (row: TemplateRow): Template => ({
  id: String(row.id),
  builtin: false,
  name: row.name,
  description: row.description,
  title: row.title,
  content: row.content,
  status: row.status as ContentStatus,
  tags: row.tags,
  checklist: row.checklist,
  created_on: row.createdOn.toISOString(),
});

/** A saved template's number from its path, or null (a built-in's word, or beyond any id). */
function savedId(id: string): number | null {
  const number = Number(id);
  return Number.isInteger(number) && number > 0 && number <= MAX_ID ? number : null;
}

/**
 * The text of a new item: the checklist as a task list under a `[Checklist]` direction (neither
 * is read aloud: decision 235), then the template's text.
 */
export function itemText(template: Pick<Template, 'content' | 'checklist'>): string {
  const checklist =
    template.checklist.length === 0
      ? ''
      : `[Checklist]\n${template.checklist.map((check) => `- [ ] ${check}`).join('\n')}\n\n`;
  return `${checklist}${template.content}`.trim();
}

/** Templates (docs/api.md, "Templates"; decision 235): the built-in ones and a person's own. */
export class TemplatesService {
  constructor(
    private readonly store: LibraryStore,
    private readonly createItem: CreateItem,
  ) {}

  async list(caller: Caller): Promise<Template[]> {
    const own = await this.store.repos.templates.list(caller);
    return [
      ...BUILTIN_TEMPLATES.map((template) => ({ ...template, builtin: true, created_on: null })),
      ...own.map(present),
    ];
  }

  async create(caller: Caller, body: TemplateCreateInput): Promise<Template> {
    return this.store.transaction(async (repos) => {
      if ((await repos.templates.count(caller)) >= TEMPLATES_PER_PERSON) {
        throw badRequest(
          `You can keep at most ${TEMPLATES_PER_PERSON} templates. Delete one to save another.`,
        );
      }
      const tags = [...new Map(body.tags.map((tag) => [tag.toLowerCase(), tag])).values()];
      return present(await repos.templates.insert(caller, { ...body, tags }));
    });
  }

  async remove(caller: Caller, id: string): Promise<void> {
    if (builtinTemplate(id)) throw forbidden('Built-in templates cannot be deleted.');
    const number = savedId(id);
    if (number === null || !(await this.store.repos.templates.delete(caller, number))) {
      throw notFound();
    }
  }

  /**
   * A new item from a template, with its title, status, tags and checklist, in `collection`
   * when given (one the caller may write in). Tags are the owner's (docs/api.md, "Sharing"): an
   * item made in someone else's collection gets none.
   */
  async use(caller: Caller, id: string, body: TemplateUseInput): Promise<ContentItem> {
    const template = await this.find(caller, id);
    const collection = body.collection;
    const own =
      collection === undefined ||
      (await this.store.repos.access.onCollection(caller, collection))?.role === 'owner';
    const tags = own ? await this.store.repos.templates.tagIdsNamed(caller, template.tags) : [];
    return this.createItem(caller, {
      title: body.title ?? (template.title || template.name),
      content: itemText(template) || (body.title ?? template.name),
      tags,
      collections: collection === undefined ? [] : [collection],
      files: [],
      meta_data: {},
      status: template.status,
      publish_on: null,
      is_public: false,
      summary: '',
    });
  }

  private async find(
    caller: Caller,
    id: string,
  ): Promise<Omit<Template, 'builtin' | 'created_on'>> {
    const builtin = builtinTemplate(id);
    if (builtin) return builtin;
    const number = savedId(id);
    const row = number === null ? undefined : await this.store.repos.templates.find(caller, number);
    if (!row) throw notFound();
    return present(row);
  }
}
