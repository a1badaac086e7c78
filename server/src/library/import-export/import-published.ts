import { sql } from 'drizzle-orm';
import { PUBLISHED_VERSION_LABEL } from '@cw/contract';
import type { Executor } from '../../db/executor';
import { contents, contentVersions } from '../../db/schema';

/**
 * An item imported public shows its imported text as its published version (decision 229): the
 * text is kept as a version labelled Published, which the item names.
 */
export async function keepPublished(db: Executor, contentId: number): Promise<void> {
  await db.execute(sql`
    with kept as (
      insert into ${contentVersions} (content_id, label, title, content, word_count)
      select ${contents.id}, ${PUBLISHED_VERSION_LABEL}, ${contents.title}, ${contents.content},
             coalesce(${contents.wordCount}, 0)
      from ${contents} where ${contents.id} = ${contentId}
      returning id)
    update ${contents} set published_version_id = kept.id from kept
    where ${contents.id} = ${contentId}`);
}
