import { and, desc, eq, sql } from 'drizzle-orm';
import { PUBLISHED_VERSION_LABEL, VERSION_FOLD_MINUTES, VERSIONS_PER_ITEM } from '@cw/contract';
import { contentVersions, contents } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { pageWithCount } from '../../db/page';

export type VersionRow = typeof contentVersions.$inferSelect;

/** The text a save is about to write, to keep a version only when it really changes. */
export interface IncomingText {
  title?: string;
  content?: string;
}

/**
 * Versions of content items (docs/api.md, "Versions"). Every method takes an item the service
 * has already checked the caller may read (or change), in the same transaction.
 */
export class VersionsRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Before a save of `incoming`: keeps the item's current text as a version when that text is
   * about to change and the newest version is older than 5 minutes (autosaves in between fold
   * into one). One statement; nothing is written in the common case of a save within the
   * window. With `fold: false` the text is kept whatever the age of the newest version (a REST
   * save without If-Match; docs/api.md, "Writing together"). Answers whether a version was kept.
   */
  async keepBeforeSave(
    contentId: number,
    incoming: IncomingText,
    now: Date,
    { fold = true }: { fold?: boolean } = {},
  ): Promise<boolean> {
    const changes = [
      incoming.title === undefined ? undefined : sql`${contents.title} <> ${incoming.title}`,
      incoming.content === undefined ? undefined : sql`${contents.content} <> ${incoming.content}`,
    ].filter((change) => change !== undefined);
    if (changes.length === 0) return false;
    const since = new Date(now.getTime() - VERSION_FOLD_MINUTES * 60_000);
    const kept = await this.db.execute<{ id: number }>(sql`
      insert into ${contentVersions} (content_id, title, content, word_count, created_on)
      select ${contents.id}, ${contents.title}, ${contents.content},
             coalesce(${contents.wordCount}, 0), ${now.toISOString()}::timestamptz
      from ${contents}
      where ${contents.id} = ${contentId}
        and (${sql.join(changes, sql` or `)})
        and (${!fold} or not exists (
          select 1 from ${contentVersions}
          where ${contentVersions.contentId} = ${contentId}
            and ${contentVersions.createdOn} > ${since.toISOString()}::timestamptz
        ))
      returning id`);
    if (rowsOf<{ id: number }>(kept).length === 0) return false;
    await this.trim(contentId);
    return true;
  }

  /** Keeps the item's current text as a version now (a named save, or before a restore). */
  async keepNow(
    contentId: number,
    label: string | null,
    createdBy: number,
    now: Date,
  ): Promise<VersionRow | undefined> {
    const kept = await this.db.execute<{ id: number }>(sql`
      insert into ${contentVersions} (content_id, label, title, content, word_count, created_on, created_by)
      select ${contents.id}, ${label}, ${contents.title}, ${contents.content},
             coalesce(${contents.wordCount}, 0), ${now.toISOString()}::timestamptz, ${createdBy}
      from ${contents}
      where ${contents.id} = ${contentId}
      returning id`);
    const [row] = rowsOf<{ id: number }>(kept);
    if (!row) return undefined;
    await this.trim(contentId);
    return this.find(contentId, Number(row.id));
  }

  /**
   * Keeps the item's current text as its published version (decision 229): a version labelled
   * `Published`, which its public pages show from now on. Answers the version.
   */
  async publish(contentId: number, createdBy: number, now: Date): Promise<VersionRow | undefined> {
    const row = await this.keepNow(contentId, PUBLISHED_VERSION_LABEL, createdBy, now);
    if (!row) return undefined;
    await this.db
      .update(contents)
      .set({ publishedVersionId: row.id })
      .where(eq(contents.id, contentId));
    return row;
  }

  /** The item's published version, whole; undefined while it has none. */
  async published(contentId: number): Promise<VersionRow | undefined> {
    const [row] = await this.db
      .select({ version: contentVersions })
      .from(contents)
      .innerJoin(contentVersions, eq(contentVersions.id, contents.publishedVersionId))
      .where(eq(contents.id, contentId));
    return row?.version;
  }

  /**
   * At most VERSIONS_PER_ITEM per item: the oldest unnamed go first, then the oldest named. The
   * published version (decision 229) always stays.
   */
  private async trim(contentId: number): Promise<void> {
    await this.db.execute(sql`
      delete from ${contentVersions}
      where id in (
        select id from ${contentVersions}
        where ${contentVersions.contentId} = ${contentId}
          and ${contentVersions.id} is distinct from (
            select ${contents.publishedVersionId} from ${contents} where ${contents.id} = ${contentId})
        order by (${contentVersions.label} is not null), id
        limit greatest(
          (select count(*) from ${contentVersions} where ${contentVersions.contentId} = ${contentId})
            - ${VERSIONS_PER_ITEM},
          0)
      )`);
  }

  /** A page of the item's versions, newest first, without their texts. */
  async list(contentId: number, limit: number, offset: number) {
    const where = eq(contentVersions.contentId, contentId);
    return pageWithCount(
      this.db,
      this.db
        .select({
          id: contentVersions.id,
          label: contentVersions.label,
          title: contentVersions.title,
          wordCount: contentVersions.wordCount,
          createdOn: contentVersions.createdOn,
        })
        .from(contentVersions)
        .where(where)
        .orderBy(desc(contentVersions.id))
        .limit(limit)
        .offset(offset),
      contentVersions,
      where,
      { limit, offset },
    );
  }

  /** Version `id` of item `contentId`; undefined when it is another item's (or gone). */
  async find(contentId: number, id: number): Promise<VersionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.contentId, contentId), eq(contentVersions.id, id)));
    return row;
  }
}

/** Both drivers answer `execute` with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
