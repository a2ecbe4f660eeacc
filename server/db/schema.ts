import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are ISO text in SQLite and timestamptz in PostgreSQL; repos read them through toIso(). */
type Timestamp = ColumnType<string | Date, string, string>;
/** Booleans are stored as 0/1 in both dialects so that repos read one shape. */
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: ColumnType<string, string | undefined, string>;
  is_verified: Flag;
  locale: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The administrator who unverified the account, and when: only an administrator verifies it again. */
  unverified_by: ColumnType<number | null, number | null | undefined, number | null>;
  unverified_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** The administrator who suspended the account, and when; both null while it is not suspended. */
  suspended_by: ColumnType<number | null, number | null | undefined, number | null>;
  suspended_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'verify' | 'reset';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
  /** A verification link's: the hash of the sign-up's marker cookie, which lets only that browser be signed in. */
  signup_marker_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the link's mail is next to be sent; null once the mail server took it. */
  mail_due_at: Timestamp | null;
  mail_attempts: ColumnType<number, number | undefined, number>;
  mail_locale: string | null;
}

/** A fixed rate-limit window; its end is epoch milliseconds so stores compare plain numbers. */
export interface RateLimitsTable {
  key_hash: string;
  hits: number;
  resets_at_ms: number;
}

export interface PapersTable {
  id: Generated<number>;
  arxiv_id: string;
  version: number;
  title: string;
  abstract: string;
  abstract_translation: string | null;
  pdf_url: string;
  /** YYYY-MM-DD; text in both dialects so ordering and keyset comparisons are identical. */
  submitted_date: string;
  /** JSON array of author names. */
  authors: string;
  primary_category: string;
  comment: string | null;
  /** As arXiv gives them; null when it has none. */
  doi: string | null;
  journal_ref: string | null;
  /** 1 for the generated variants that `npm run seed -- --count N` adds beyond the real papers. */
  synthetic: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** An admin's deletion: the paper is kept, hidden from readers, until restored or deleted permanently. */
  deleted_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

export interface SummariesTable {
  paper_id: number;
  /** The SPEC §3 summary object as JSON text. */
  data: string;
  generated_by: 'extractive' | 'llm';
  model: string | null;
  /** The summary's reader-facing fields in Arabic (ArabicSummary as JSON text); null without them. */
  data_ar: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  /** The name Arabic readers see; null shows them the name. */
  name_ar: string | null;
  created_at: Timestamp;
}

export interface PaperCategoriesTable {
  paper_id: number;
  category_id: number;
}

export interface BookmarksTable {
  id: Generated<number>;
  user_id: number;
  paper_id: number;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  paper_id: number;
  /** Null once the author's account is deleted: the comment stays, as 'deleted user'. */
  user_id: number | null;
  text: string;
  created_at: Timestamp;
  /** A moderator's removal: hidden from everyone but its author, who sees the reason. */
  removed_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  removed_by: ColumnType<number | null, number | null | undefined, number | null>;
  removal_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its author last edited it; null for a comment never edited. */
  edited_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

/** A reader's report of a comment: one per reader and comment, open until an administrator dismisses it. */
export interface CommentReportsTable {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  reason: string;
  details: string | null;
  created_at: Timestamp;
  dismissed_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  dismissed_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * An administrator's action, written in the transaction of the change; never updated or deleted.
 * Values before and after are JSON text.
 */
export interface AuditLogTable {
  id: Generated<number>;
  /** The administrator's account id (kept when the account goes); null for the operator's command line. */
  actor_id: number | null;
  action: string;
  object_type: string;
  object_id: string;
  before_values: string | null;
  after_values: string | null;
  created_at: Timestamp;
}

export interface QueueItemsTable {
  id: Generated<number>;
  arxiv_id: string;
  /** Fractional so that move-first and move-last need no renumbering; unique, so the order is total. */
  position: number;
  /** The arXiv metadata fetched at scrape time, as JSON text. */
  payload: string;
  /** Failures counted towards parking; a model that is down does not count. */
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  claimed_at: Timestamp | null;
  created_at: Timestamp;
  /** The claim of the worker processing the item; the item is free again once lease_expires_at passes. */
  lease_token: string | null;
  lease_expires_at: Timestamp | null;
  /** A failed item waits until then before it is taken again. */
  next_attempt_at: Timestamp | null;
  /** Set after too many failures: the item waits for an admin to retry it. */
  parked_at: Timestamp | null;
}

/** A bookmark asked for while its paper was only queued; it becomes a bookmark when the paper is stored. */
export interface QueueBookmarksTable {
  arxiv_id: string;
  user_id: number;
  created_at: Timestamp;
}

/** An arXiv id an admin deleted: import, scraping and the scheduled ingest skip it until it is restored. */
export interface DeletedPapersTable {
  arxiv_id: string;
  /** The admin who deleted it; null once that account is gone. */
  deleted_by: number | null;
  deleted_at: Timestamp;
}

export interface UploadsTable {
  id: Generated<number>;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  user_id: number | null;
  created_at: Timestamp;
  /** A moderator removed the last comment that showed it: answered 410, its file gone. */
  removed_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
}

/** An uploaded image a comment shows; an image no comment shows is removed a day after its upload. */
export interface CommentUploadsTable {
  comment_id: number;
  upload_id: number;
}

/** A reader's email digest; the categories followed are in digest_categories. */
export interface DigestSubscriptionsTable {
  user_id: number;
  frequency: 'weekly' | 'daily';
  language: 'en' | 'ar';
  /** When the current frequency took effect: periods that ended before it are not mailed. */
  schedule_since: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DigestCategoriesTable {
  user_id: number;
  category_id: number;
}

/**
 * A reader's digest of one period, claimed before it is sent: completed once the SMTP server
 * accepted it (or there was nothing to send); until then held by a worker until lease_expires_at.
 */
export interface DigestSendsTable {
  user_id: number;
  /** `daily:2026-02-03` or `weekly:2026-W06`. */
  period_key: string;
  claim_token: string;
  lease_expires_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  completed_at: Timestamp | null;
  /** Papers in the mail; 0 when the period had none and nothing was sent. */
  paper_count: number | null;
  created_at: Timestamp;
}

/** The hashed token of one digest mail's unsubscribe link. */
export interface DigestUnsubscribeTokensTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

/**
 * One row (id 1), kept by triggers: the paper count, a version bumped on every change to the list's
 * order, and a content version bumped on every change to what a paper shows. On PostgreSQL the
 * triggers append to paper_stats_changes instead, folded into this row now and then: read
 * paper_stats_now, never this row.
 */
export interface PaperStatsTable {
  id: number;
  total: number;
  version: number;
  content_version: number;
}

/** PostgreSQL only: changes of paper_stats not yet folded into its row, each what it adds. */
export interface PaperStatsChangesTable {
  id: ColumnType<number | string, never, never>;
  total: number;
  version: number;
  content_version: number;
}

/** A view: paper_stats as it is now (on PostgreSQL its row plus the changes not yet folded). */
export type PaperStatsNowView = Omit<PaperStatsTable, 'id'>;

/**
 * Which model made each paper's vector. SQLite also has `vector` here (float32 bytes, read through
 * sqlite-vec); PostgreSQL keeps the vector in the pgvector table of its dimensions.
 */
export interface PaperEmbeddingsTable {
  paper_id: number;
  model: string;
  dimensions: number;
  embedded_at: Timestamp;
}

/**
 * One row (id 1): a version bumped by triggers on every change of paper_embeddings (on PostgreSQL
 * through search_stats_changes: read search_stats_now), and the last change removed from
 * search_text_changes.
 */
export interface SearchStatsTable {
  id: number;
  vectors_version: number;
  text_changes_pruned_to: ColumnType<number | string, number, number>;
}

/** PostgreSQL only: changes of search_stats.vectors_version not yet folded into its row. */
export interface SearchStatsChangesTable {
  id: ColumnType<number | string, never, never>;
  vectors_version: number;
}

/** A view: search_stats.vectors_version as it is now (on PostgreSQL its row plus the changes not yet folded). */
export interface SearchStatsNowView {
  vectors_version: number;
}

/** A paper whose searchable text changed (inserted, edited, deleted, summarised), in order of change. */
export interface SearchTextChangesTable {
  seq: ColumnType<number | string, never, never>;
  paper_id: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  rate_limits: RateLimitsTable;
  papers: PapersTable;
  summaries: SummariesTable;
  categories: CategoriesTable;
  paper_categories: PaperCategoriesTable;
  bookmarks: BookmarksTable;
  comments: CommentsTable;
  comment_reports: CommentReportsTable;
  audit_log: AuditLogTable;
  queue_items: QueueItemsTable;
  queue_bookmarks: QueueBookmarksTable;
  deleted_papers: DeletedPapersTable;
  uploads: UploadsTable;
  comment_uploads: CommentUploadsTable;
  paper_stats: PaperStatsTable;
  paper_stats_changes: PaperStatsChangesTable;
  paper_stats_now: PaperStatsNowView;
  paper_embeddings: PaperEmbeddingsTable;
  search_stats: SearchStatsTable;
  search_stats_changes: SearchStatsChangesTable;
  search_stats_now: SearchStatsNowView;
  search_text_changes: SearchTextChangesTable;
  digest_subscriptions: DigestSubscriptionsTable;
  digest_categories: DigestCategoriesTable;
  digest_sends: DigestSendsTable;
  digest_unsubscribe_tokens: DigestUnsubscribeTokensTable;
}

export type PaperRow = Selectable<PapersTable>;
export type NewPaper = Insertable<PapersTable>;
