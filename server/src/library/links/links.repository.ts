import { and, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { linkTargetsOf, normaliseLinkText } from '@cw/contract';
import { contentLinks, contents } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { pageWithCount } from '../../db/page';
import type { Caller } from '../../policy/caller';
import { scopeOf } from '../../policy/library.policy';

/**
 * The link's source item (a `contents` row) meets `where`: one correlated look-up by the
 * source's key per missing link, never a list of every item the reader may read.
 */
const sourceWhere = (where: SQL | undefined): SQL =>
  sql`exists (select 1 from ${contents} where ${contents.id} = "content_links"."source_id" and ${where})`;

/** Imported items are derived this many at a time. */
const IMPORT_SLICE = 500;

/** Who a derive or a resolution reads as: the writer of the text (or its owner). */
type Reader = Pick<Caller, 'userId'>;

export interface LinkRow {
  text: string;
  target: { id: number; title: string } | null;
}

export interface BacklinkRow {
  id: number;
  title: string;
  updatedOn: Date | null;
}

/**
 * Links between items (docs/api.md, "Links between items"; decision 211): the table of each
 * item's `[[…]]` targets, derived from its text on every write, and what a caller may see of it.
 * Every target is found, and every answer filtered, through the read scope of the policy.
 */
export class LinksRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Brings item `sourceId`'s links to its text `text`, as written by `writer`: targets no
   * longer written go, a target already resolved is kept (a renamed target keeps its links),
   * and each new or missing one resolves to an item `writer` may read whose title is the text
   * (case-insensitive), the writer's own first, then the most recently updated.
   */
  async derive(writer: Reader, sourceId: number, text: string): Promise<void> {
    const targets = linkTargetsOf(text);
    await this.db
      .delete(contentLinks)
      .where(
        and(
          eq(contentLinks.sourceId, sourceId),
          targets.length > 0 ? notInArray(contentLinks.targetText, targets) : undefined,
        ),
      );
    if (targets.length === 0) return;
    const kept = await this.db
      .select({ text: contentLinks.targetText })
      .from(contentLinks)
      .where(and(eq(contentLinks.sourceId, sourceId), sql`${contentLinks.targetId} is not null`));
    const resolved = new Set(kept.map((row) => row.text));
    const open = targets.filter((target) => !resolved.has(target));
    if (open.length === 0) return;
    const found = await this.resolve(writer, open);
    await this.db
      .insert(contentLinks)
      .values(
        open.map((target) => ({
          sourceId,
          targetText: target,
          targetId: found.get(target) ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [contentLinks.sourceId, contentLinks.targetText],
        set: { targetId: sql`coalesce(${contentLinks.targetId}, excluded.target_id)` },
      });
  }

  /** The item each text names for `reader`: readable, the reader's own first, newest first. */
  private async resolve(reader: Reader, texts: string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ id: contents.id, title: contents.title })
      .from(contents)
      .where(
        and(inArray(sql`lower(${contents.title})`, texts), scopeOf(reader, 'contents', 'read')),
      )
      .orderBy(
        desc(sql`${contents.userId} = ${reader.userId}`),
        desc(sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`),
        desc(contents.id),
      );
    const found = new Map<string, number>();
    for (const row of rows) {
      const text = normaliseLinkText(row.title);
      if (!found.has(text)) found.set(text, row.id);
    }
    return found;
  }

  /**
   * Item `item` was made or renamed by `caller`: links missing a target whose text is its title
   * now resolve to it, in items its owner owns and in items the caller may read (who may see
   * the link); links of anyone else stay missing for them.
   */
  async resolveMissing(
    caller: Reader,
    item: { id: number; userId: number; title: string },
  ): Promise<void> {
    const text = normaliseLinkText(item.title);
    if (text === '') return;
    await this.db
      .update(contentLinks)
      .set({ targetId: item.id })
      .where(
        and(
          isNull(contentLinks.targetId),
          eq(contentLinks.targetText, text),
          sourceWhere(or(eq(contents.userId, item.userId), scopeOf(caller, 'contents', 'read'))),
        ),
      );
  }

  /**
   * Imported items `ids` (docs/api.md, "Import"), as `caller` wrote them: the links of each
   * whose text has a `[[`, then links missing a target that one of them is titled as, in items
   * the caller may read.
   */
  async deriveImported(caller: Reader, ids: number[]): Promise<void> {
    for (let at = 0; at < ids.length; at += IMPORT_SLICE) {
      const slice = ids.slice(at, at + IMPORT_SLICE);
      const texts = await this.db
        .select({ id: contents.id, content: contents.content })
        .from(contents)
        .where(and(inArray(contents.id, slice), sql`strpos(${contents.content}, '[[') > 0`));
      for (const row of texts) await this.derive(caller, row.id, row.content);
      await this.db.execute(
        sql`update ${contentLinks} set target_id = named.id from (select id, lower(title) as text from ${contents} where ${inArray(contents.id, slice)}) named where ${contentLinks.targetId} is null and ${contentLinks.targetText} = named.text and ${sourceWhere(scopeOf(caller, 'contents', 'read'))}`,
      );
    }
  }

  /**
   * The next `limit` items after id `after` whose text holds a `[[` and that have no link yet,
   * in id order: the backfill of texts written before links existed (links-backfill.ts).
   */
  async unlinked(after: number, limit: number): Promise<{ id: number; userId: number }[]> {
    return this.db
      .select({ id: contents.id, userId: contents.userId })
      .from(contents)
      .where(
        and(
          sql`${contents.id} > ${after}`,
          sql`strpos(${contents.content}, '[[') > 0`,
          sql`not exists (select 1 from ${contentLinks} where ${contentLinks.sourceId} = ${contents.id})`,
        ),
      )
      .orderBy(contents.id)
      .limit(limit);
  }

  /** The links of item `sourceId` (the caller may read it), each target only if readable. */
  async linksOf(caller: Caller, sourceId: number): Promise<LinkRow[]> {
    const rows = await this.db
      .select({ text: contentLinks.targetText, targetId: contentLinks.targetId })
      .from(contentLinks)
      .where(eq(contentLinks.sourceId, sourceId))
      .orderBy(contentLinks.targetText);
    const ids = [...new Set(rows.flatMap((row) => (row.targetId === null ? [] : [row.targetId])))];
    const readable =
      ids.length === 0
        ? []
        : await this.db
            .select({ id: contents.id, title: contents.title })
            .from(contents)
            .where(and(inArray(contents.id, ids), scopeOf(caller, 'contents', 'read')));
    const titles = new Map(readable.map((row) => [row.id, row.title]));
    return rows.map((row) => {
      const title = row.targetId === null ? undefined : titles.get(row.targetId);
      return {
        text: row.text,
        target: title === undefined ? null : { id: row.targetId!, title },
      };
    });
  }

  /** One page of the items the caller may read that link to `targetId`, newest first. */
  async backlinks(
    caller: Caller,
    targetId: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: BacklinkRow[]; count: number }> {
    const where = and(
      inArray(
        contents.id,
        this.db
          .select({ id: contentLinks.sourceId })
          .from(contentLinks)
          .where(eq(contentLinks.targetId, targetId)),
      ),
      scopeOf(caller, 'contents', 'read'),
    );
    return pageWithCount(
      this.db,
      this.db
        .select({ id: contents.id, title: contents.title, updatedOn: contents.updatedOn })
        .from(contents)
        .where(where)
        .orderBy(
          desc(sql`coalesce(${contents.updatedOn}, ${contents.createdOn})`),
          desc(contents.id),
        )
        .limit(limit)
        .offset(offset),
      contents,
      where,
      { limit, offset },
    );
  }
}
