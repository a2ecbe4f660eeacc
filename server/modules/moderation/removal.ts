import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { shownByLiveComment } from '../uploads/repo.js';

/** Which comments a moderator's removal takes: some by id, or every live one of an account. */
export type RemovedComments = { ids: number[] } | { authorId: number };

/**
 * A moderator's removal, in the caller's transaction: the live comments named are kept but marked
 * removed (by whom, why), so their authors still see them; the images they show that no live comment
 * shows any more are marked removed too (served 410 from then on), whoever uploaded them: what a
 * moderator took down must not stay online because its uploader lent it or left. Answers the
 * comments removed and the file names of the images, whose files the caller removes once the
 * transaction is committed.
 */
export async function removeComments(
  trx: Transaction<Database>,
  which: RemovedComments,
  removal: { by: number | null; reason: string | null },
): Promise<{ ids: number[]; fileNames: string[] }> {
  if ('ids' in which && which.ids.length === 0) return { ids: [], fileNames: [] };
  const now = new Date().toISOString();
  let update = trx
    .updateTable('comments')
    .set({ removed_at: now, removed_by: removal.by, removal_reason: removal.reason })
    .where('removed_at', 'is', null);
  update = 'ids' in which ? update.where('id', 'in', which.ids) : update.where('user_id', '=', which.authorId);
  const removed = await update.returning('id').execute();
  const ids = removed.map((row) => row.id);
  if (ids.length === 0) return { ids, fileNames: [] };
  const images = await trx
    .updateTable('uploads')
    .set({ removed_at: now })
    .where('removed_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('comment_uploads')
        .select('comment_uploads.upload_id')
        .where('comment_uploads.comment_id', 'in', ids),
    )
    .where((eb) => eb.not(shownByLiveComment(eb)))
    .returning('file_name')
    .execute();
  return { ids, fileNames: images.map((image) => image.file_name) };
}
