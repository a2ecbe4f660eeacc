import type { Migration } from 'kysely';
import type { DialectName } from '../connect.js';
import { initialMigration } from './0001_initial.js';
import { contentVersionMigration } from './0002_content_version.js';
import { authHardeningMigration } from './0003_auth_hardening.js';
import { contentNotifyMigration } from './0004_content_notify.js';
import { queueLeasesMigration } from './0007_queue_leases.js';
import { queueBookmarksMigration } from './0008_queue_bookmarks.js';
import { searchMigration } from './0009_search.js';
import { emailDigestMigration } from './0010_email_digest.js';
import { arabicSummariesMigration } from './0011_arabic_summaries.js';
import { paperDoiJournalRefMigration } from './0012_paper_doi_journal_ref.js';
import { linkMailOutboxMigration } from './0013_link_mail_outbox.js';
import { linksOnlyVerifyMigration } from './0014_links_only_verify.js';
import { deletedPapersMigration } from './0015_deleted_papers.js';
import { uploadLifecycleMigration } from './0016_upload_lifecycle.js';
import { canonicalIdsSafeValuesMigration } from './0017_canonical_ids_safe_values.js';
import { embeddingProgressMigration } from './0018_embedding_progress.js';
import { textChangesMigration } from './0019_text_changes.js';
import { moderationMigration } from './0020_moderation.js';
import { arabicSearchTextMigration } from './0021_arabic_search_text.js';
import { bookmarksCreatedMigration } from './0022_bookmarks_created.js';
import { statsChangeLogsMigration } from './0024_stats_change_logs.js';
import { recycleBinMigration } from './0025_recycle_bin.js';
import { commentEditsMigration } from './0026_comment_edits.js';

/** Every migration in order of name. They live in code (not read from a folder) so tsx and the build run the same list. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_content_version': contentVersionMigration(dialect),
    '0003_auth_hardening': authHardeningMigration(dialect),
    '0004_content_notify': contentNotifyMigration(dialect),
    '0007_queue_leases': queueLeasesMigration(dialect),
    '0008_queue_bookmarks': queueBookmarksMigration(dialect),
    '0009_search': searchMigration(dialect),
    '0010_email_digest': emailDigestMigration(dialect),
    '0011_arabic_summaries': arabicSummariesMigration(),
    '0012_paper_doi_journal_ref': paperDoiJournalRefMigration(),
    '0013_link_mail_outbox': linkMailOutboxMigration(dialect),
    '0014_links_only_verify': linksOnlyVerifyMigration(dialect),
    '0015_deleted_papers': deletedPapersMigration(dialect),
    '0016_upload_lifecycle': uploadLifecycleMigration(),
    '0017_canonical_ids_safe_values': canonicalIdsSafeValuesMigration(),
    '0018_embedding_progress': embeddingProgressMigration(),
    '0019_text_changes': textChangesMigration(dialect),
    '0020_moderation': moderationMigration(dialect),
    '0021_arabic_search_text': arabicSearchTextMigration(dialect),
    '0022_bookmarks_created': bookmarksCreatedMigration(),
    '0024_stats_change_logs': statsChangeLogsMigration(dialect),
    '0025_recycle_bin': recycleBinMigration(dialect),
    '0026_comment_edits': commentEditsMigration(dialect),
  };
}
