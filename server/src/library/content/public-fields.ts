import type { DocumentsService } from '../../collab/documents.service';
import { validationFailed } from '../../http/errors';
import type { Caller } from '../../policy/caller';
import type { LibraryRepositories } from '../library-store';
import type { ContentRow } from './contents.repository';

/**
 * After a write of an item, in its transaction: the cover it was given must be one of its own
 * images, which becomes public (decision 231); an item public without a published version gets
 * one, of its text now (decision 229). Answers the row as it then is.
 */
export async function settlePublicFields(
  repos: LibraryRepositories,
  documents: DocumentsService,
  caller: Caller,
  row: ContentRow,
  { cover, now }: { cover?: number | null; now: Date },
): Promise<ContentRow> {
  if (cover) {
    if (!(await repos.files.makeCover(row.id, cover))) {
      throw validationFailed({ cover: ['Choose one of this item’s images.'] });
    }
    row = (await repos.contents.update(caller, row.id, { coverFileId: cover })) ?? row;
  }
  if (!row.isPublic || row.publishedVersionId !== null) return row;
  await documents.settleIn(repos, row.id);
  const version = await repos.versions.publish(row.id, caller.userId, now);
  const found = await repos.contents.find(caller, row.id);
  return found ?? { ...row, publishedVersionId: version?.id ?? null };
}
