import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContentStatus } from '@cw/contract';
import { tags, templates } from '../../db/schema';
import { rowColumns, type RowOf } from '../../db/columns';
import type { Executor } from '../../db/executor';
import type { Caller } from '../../policy/caller';
import { ownerIdFor, personalScopeOf, scopeOf } from '../../policy/library.policy';

export type TemplateRow = RowOf<typeof templates>;
const columns = rowColumns(templates);

export interface TemplateValues {
  name: string;
  description: string;
  title: string;
  content: string;
  status: ContentStatus;
  tags: string[];
  checklist: string[];
}

/** A person's own templates (docs/api.md, "Templates"): theirs alone, never shared. */
export class TemplatesRepository {
  constructor(private readonly db: Executor) {}

  list(caller: Caller): Promise<TemplateRow[]> {
    return this.db
      .select(columns)
      .from(templates)
      .where(personalScopeOf(caller, 'templates'))
      .orderBy(desc(templates.id));
  }

  async count(caller: Caller): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(templates)
      .where(personalScopeOf(caller, 'templates'));
    return row?.n ?? 0;
  }

  async find(caller: Caller, id: number): Promise<TemplateRow | undefined> {
    const [row] = await this.db
      .select(columns)
      .from(templates)
      .where(and(personalScopeOf(caller, 'templates'), eq(templates.id, id)));
    return row;
  }

  async insert(caller: Caller, values: TemplateValues): Promise<TemplateRow> {
    const [row] = await this.db
      .insert(templates)
      .values({ ...values, userId: caller.userId })
      .returning(columns);
    return row!;
  }

  async delete(caller: Caller, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(templates)
      .where(and(personalScopeOf(caller, 'templates'), eq(templates.id, id)))
      .returning({ id: templates.id });
    return deleted.length > 0;
  }

  /**
   * The ids of the caller's tags of these names (ignoring case), each made when missing: a
   * template's tags are names, so a renamed or deleted tag comes back by its name.
   */
  async tagIdsNamed(caller: Caller, names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    await this.db
      .insert(tags)
      .values(names.map((name) => ({ userId: ownerIdFor(caller), name })))
      .onConflictDoNothing();
    const rows = await this.db
      .select({ id: tags.id })
      .from(tags)
      .where(
        and(
          scopeOf(caller, 'tags', 'own'),
          inArray(
            sql`lower(${tags.name})`,
            names.map((name) => name.toLowerCase()),
          ),
        ),
      );
    return rows.map((row) => row.id);
  }
}
