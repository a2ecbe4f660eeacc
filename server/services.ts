import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { DbHandle } from './db/connect.js';
import { foldStatsChanges } from './db/stats-changes.js';
import { createDatabaseLimitStore } from './http/limit-store-database.js';
import { createMemoryLimitStore } from './http/limit-store-memory.js';
import { createRedisLimitStore } from './http/limit-store-redis.js';
import { createRateLimiter, type LimitStore, type RateLimiter } from './http/rate-limiter.js';
import { createPaperEmbedder, type EmbedderOptions } from './jobs/embed-papers.js';
import { createPaperProcessor } from './jobs/process-paper.js';
import { createWakeup } from './jobs/wakeup.js';
import { createQueueWorker, type WorkerDeps, type WorkerOptions } from './jobs/worker.js';
import { createAccountMails } from './modules/accounts/mail.js';
import { createAccountsRepo } from './modules/accounts/repo.js';
import { createAccountsService } from './modules/accounts/service.js';
import { createAuditRepo } from './modules/audit/repo.js';
import { createAuditService } from './modules/audit/service.js';
import { createLinkMailer } from './modules/auth/link-mail.js';
import { createPasswordHasher, type ScryptCost } from './modules/auth/passwords.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { createAuthService } from './modules/auth/service.js';
import { rateLimitKeySecret, sessionSecrets } from './modules/auth/session-secret.js';
import { createSessions } from './modules/auth/sessions.js';
import { createBookmarkExportRepo } from './modules/bookmark-export/repo.js';
import { createBookmarkExport } from './modules/bookmark-export/service.js';
import { createBookmarksRepo } from './modules/bookmarks/repo.js';
import { createBookmarksService } from './modules/bookmarks/service.js';
import { createCategoriesRepo } from './modules/categories/repo.js';
import { createCategoriesService } from './modules/categories/service.js';
import { createCitationsRepo } from './modules/citations/repo.js';
import { createCitationsService } from './modules/citations/service.js';
import { createCommentsRepo } from './modules/comments/repo.js';
import { createCommentsService } from './modules/comments/service.js';
import { createDigestRepo } from './modules/digest/repo.js';
import { createDigestSender } from './modules/digest/sender.js';
import { createDigestSendsRepo } from './modules/digest/sends-repo.js';
import { createDigestService } from './modules/digest/service.js';
import { createIngestRepo } from './modules/ingest/repo.js';
import { createImportService } from './modules/ingest/service.js';
import { createMcpService } from './modules/mcp/service.js';
import { createModerationRepo } from './modules/moderation/repo.js';
import { createModerationService } from './modules/moderation/service.js';
import { createDeletedPapersRepo } from './modules/papers/admin-deleted-repo.js';
import { createPaperAdminRepo } from './modules/papers/admin-repo.js';
import { createPaperAdminService } from './modules/papers/admin-service.js';
import { type ContentVersion, listenForChanges, readOnEveryCall } from './modules/papers/content-version.js';
import { createPopularRepo } from './modules/papers/popular-repo.js';
import { createPapersRepo } from './modules/papers/repo.js';
import { createPapersService } from './modules/papers/service.js';
import { createProcessedRepo } from './modules/queue/processed-repo.js';
import { createQueueBookmarksRepo } from './modules/queue/queue-bookmarks.js';
import { createQueueRepo } from './modules/queue/repo.js';
import { createScrapeService } from './modules/queue/scrape.js';
import { createQueueService } from './modules/queue/service.js';
import { createRecommendationsRepo } from './modules/recommendations/repo.js';
import { createRecommendationsService, type RecommendationsService } from './modules/recommendations/service.js';
import { createQuestionReader } from './modules/search/arabic-question.js';
import { createEmbeddingsRepo } from './modules/search/embeddings-repo.js';
import { createSearchRepo } from './modules/search/repo.js';
import { createSearchService } from './modules/search/service.js';
import { createTextSearch } from './modules/search/text-search.js';
import { lazyVectorSupport } from './modules/search/vector-index.js';
import { createUploadsRepo } from './modules/uploads/repo.js';
import { createUploadsService } from './modules/uploads/service.js';
import { createUsersRepo } from './modules/users/repo.js';
import { createUsersService } from './modules/users/service.js';
import { UPLOADS_FOLDER } from './paths.js';
import { createArxivClient } from './providers/arxiv/client.js';
import type { ArxivClient } from './providers/arxiv/types.js';
import { createTextEmbedder } from './providers/embeddings/text-embedder.js';
import type { TextEmbedder } from './providers/embeddings/types.js';
import { createLlmWriter } from './providers/llm/llm-writer.js';
import { createMailer, type Mailer } from './providers/mail/mailer.js';
import { createPdfText } from './providers/pdf/pdf-text.js';

export interface ServicesOptions {
  config: AppConfig;
  handle: DbHandle;
  log: FastifyBaseLogger;
  /** Waits before trying an account mail again, by failures so far; tests shorten them. */
  mailRetryDelaysMs?: number[];
  /** The scrypt cost of new password hashes; tests lower it to stay fast. */
  passwordCost?: ScryptCost;
  /** Prefixes the rate-limit keys in Redis; tests keep theirs apart. */
  redisKeyPrefix?: string;
  /** Least time between two arXiv requests (3 s); tests shorten it. */
  arxivSpacingMs?: number;
  /** The arXiv client the scraper uses; tests pass a local fake. */
  arxiv?: ArxivClient;
  /** Lease, poll and retry timings of the queue workers; tests shorten them. */
  workerOptions?: Partial<WorkerOptions>;
  /** Makes the vectors of papers and queries; tests pass one that counts or fails. The caller closes it. */
  textEmbedder?: TextEmbedder;
  /** Batch size and timings of the background embedder; tests shorten them. */
  embedderOptions?: Partial<EmbedderOptions>;
  /** How long a search waits for its question's vector past the full-text ranking; tests lengthen it. */
  searchVectorDeadlineMs?: number;
  /** The least cosine of a paper vectors add to a search; tests of the fusion on a few papers lower it. */
  searchSimilarityFloor?: number;
  /** How long a search waits for the model's translation of an Arabic question; tests lengthen it. */
  searchModelDeadlineMs?: number;
  /** The time the email digest goes by (its periods, subscriptions, links); tests move it through periods. */
  digestClock?: () => Date;
}

/**
 * Where rate-limit counts live: Redis when REDIS_URL is set, else the database when it is PostgreSQL
 * (several processes may share it), else this process's memory (SQLite serves one process).
 */
function createLimitStore({ config, handle, log, redisKeyPrefix }: ServicesOptions): LimitStore {
  if (config.redisUrl) return createRedisLimitStore(config.redisUrl, { log, keyPrefix: redisKeyPrefix });
  if (handle.dialect === 'postgres') return createDatabaseLimitStore(handle.db);
  return createMemoryLimitStore();
}

/** The email digest: the readers' settings (web) and the sender of each period's mails (worker). */
function createDigest(
  { config, handle, log, digestClock }: ServicesOptions,
  shared: {
    categoriesRepo: ReturnType<typeof createCategoriesRepo>;
    usersRepo: ReturnType<typeof createUsersRepo>;
    limiter: RateLimiter;
    mailer: Mailer;
    recommendations: RecommendationsService;
  },
) {
  const clock = digestClock ?? (() => new Date());
  const repo = createDigestRepo(handle.db);
  return {
    digest: createDigestService({
      repo,
      categories: shared.categoriesRepo,
      usersRepo: shared.usersRepo,
      limiter: shared.limiter,
      clock,
    }),
    digestSender: createDigestSender({
      sends: createDigestSendsRepo(handle.db),
      repo,
      mailer: shared.mailer,
      recommendations: shared.recommendations,
      clock,
      publicUrl: config.publicUrl,
      siteName: config.site.siteName,
      log,
    }),
  };
}

/**
 * The one composition root: repos, services and providers wired from the configuration. The web
 * role (buildApp), and later the worker and the CLI commands, build from it, so they share one set
 * of rules.
 */
export function createServices(options: ServicesOptions) {
  const { config, handle, log, mailRetryDelaysMs, passwordCost, arxivSpacingMs } = options;
  const papersRepo = createPapersRepo(handle);
  // PostgreSQL announces changes (LISTEN/NOTIFY); SQLite reads its version in-process on every call.
  const contentVersion: ContentVersion = config.databaseUrl
    ? listenForChanges({
        databaseUrl: config.databaseUrl,
        repo: papersRepo,
        fold: () => foldStatsChanges(handle.db),
        log,
      })
    : readOnEveryCall(papersRepo);
  const usersRepo = createUsersRepo(handle.db);
  const authRepo = createAuthRepo(handle.db);
  const cookieSecrets = sessionSecrets(config.sessionSecrets, config.dataDir);
  // One limiter for every limited action; the auth service's housekeeping purges and closes it.
  const limiter = createRateLimiter(createLimitStore(options), rateLimitKeySecret(cookieSecrets));
  const mailer = createMailer(
    {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom ?? `${config.site.siteName} <no-reply@${new URL(config.publicUrl).hostname}>`,
      outboxDir: path.join(config.dataDir, 'outbox'),
    },
    log,
  );
  const linkMailer = createLinkMailer({
    repo: authRepo,
    mailer,
    publicUrl: config.publicUrl,
    siteName: config.site.siteName,
    log,
    retryDelaysMs: mailRetryDelaysMs,
  });
  // One client per process: its gate spaces the arXiv requests of every caller.
  const arxiv = options.arxiv ?? createArxivClient({ apiUrl: config.arxivApiUrl, spacingMs: arxivSpacingMs });
  const papers = createPapersService({ repo: papersRepo, popularRepo: createPopularRepo(handle), contentVersion });
  const categoriesRepo = createCategoriesRepo(handle.db);
  const categories = createCategoriesService({ repo: categoriesRepo, contentVersion });
  const queueRepo = createQueueRepo(handle);
  const passwords = createPasswordHasher(passwordCost);
  const processedRepo = createProcessedRepo(handle.db);
  const deletedPapers = createDeletedPapersRepo(handle.db);
  const wakeup = createWakeup();
  const auditRepo = createAuditRepo(handle.db);
  const uploads = createUploadsService({
    uploadsRepo: createUploadsRepo(handle),
    limiter,
    uploadsDir: path.join(config.dataDir, UPLOADS_FOLDER),
    log,
  });
  // Search: one embedder and one vector index per process, shared by queries and the background embedder.
  const textEmbedder = options.textEmbedder ?? createTextEmbedder(config, log);
  const vectorSupport = lazyVectorSupport(handle, log);
  const searchRepo = createSearchRepo(handle);
  const llm = config.llm ? createLlmWriter(config.llm) : null;
  const search = createSearchService({
    repo: searchRepo,
    textSearch: createTextSearch({ repo: searchRepo, titleWeight: config.search.titleWeight, log }),
    questions: createQuestionReader({
      translate: llm ? llm.translateQuestion : null,
      log,
      deadlineMs: options.searchModelDeadlineMs,
    }),
    papersRepo,
    vectorSupport,
    embedder: textEmbedder,
    contentVersion,
    limiter,
    log,
    weights: config.search,
    vectorDeadlineMs: options.searchVectorDeadlineMs,
    similarityFloor: options.searchSimilarityFloor,
  });
  const recommendations = createRecommendationsService({
    repo: createRecommendationsRepo(handle.db),
    search,
    papersRepo,
    limiter,
  });
  const accounts = createAccountsService({
    repo: createAccountsRepo(handle.db),
    usersRepo,
    passwords,
    limiter,
    uploads,
    mails: createAccountMails({
      mailer,
      publicUrl: config.publicUrl,
      siteName: config.site.siteName,
      contactEmail: config.site.contactEmail,
      log,
    }),
  });
  const processPaper = createPaperProcessor({
    llm,
    pdfText: createPdfText(config.pdf, log),
    categories: categoriesRepo,
    store: processedRepo,
  });
  return {
    config,
    /** The cookie-signing secrets: the first signs, all verify. */
    cookieSecrets,
    handle,
    log,
    mailer,
    arxiv,
    papersRepo,
    contentVersion,
    papers,
    paperAdmin: createPaperAdminService({
      repo: createPaperAdminRepo(handle.db),
      deleted: deletedPapers,
      papers,
      contentVersion,
    }),
    categories,
    queueRepo,
    importer: createImportService({ ingestRepo: createIngestRepo(handle.db), deletedPapers, queueRepo, papersRepo }),
    queue: createQueueService({
      repo: queueRepo,
      processed: processedRepo,
      papers,
      papersRepo,
      wakeWorkers: wakeup.ring,
    }),
    scrape: createScrapeService({
      arxiv,
      repo: queueRepo,
      processed: processedRepo,
      bookmarks: createQueueBookmarksRepo(handle.db),
      deleted: deletedPapers,
      audit: auditRepo,
      wakeWorkers: wakeup.ring,
    }),
    /** A queue worker of this process, woken when an admin asks for an item now; start() sets it going. */
    createWorker(extra: Pick<WorkerDeps, 'onSettled'> & { options?: Partial<WorkerOptions> } = {}) {
      const worker = createQueueWorker({
        repo: queueRepo,
        processPaper,
        log,
        options: { leaseMs: config.workerLeaseMs, ...options.workerOptions, ...extra.options },
        onSettled: extra.onSettled,
      });
      const stopListening = wakeup.listen(worker.wake);
      return {
        ...worker,
        async stop() {
          stopListening();
          await worker.stop();
        },
      };
    },
    /** Which vector index serves search; the first call finds it and says so in the log. */
    vectorSupport,
    search,
    /** The background embedder of this process (the worker role runs it); start() sets it going. */
    createPaperEmbedder: (embedderOptions: Partial<EmbedderOptions> = {}) =>
      createPaperEmbedder({
        repo: createEmbeddingsRepo(handle),
        vectorSupport,
        embedder: textEmbedder,
        contentVersion,
        log,
        options: { ...options.embedderOptions, ...embedderOptions },
      }),
    sessions: createSessions({ authRepo, usersRepo, secureCookies: config.publicUrl.startsWith('https://') }),
    /** The account mails; the web process retries those the mail server did not take. */
    linkMailer,
    auth: createAuthService({ usersRepo, authRepo, linkMailer, limiter, passwords }),
    users: createUsersService({
      usersRepo,
      authRepo,
      passwords,
      promoteByOperator: (userId) => accounts.setRole(null, userId, 'admin'),
    }),
    comments: createCommentsService({
      commentsRepo: createCommentsRepo(handle.db),
      limiter,
      uploads,
      log,
      publicUrl: config.publicUrl,
    }),
    uploads,
    moderation: createModerationService({ repo: createModerationRepo(handle.db), limiter, uploads }),
    accounts,
    audit: createAuditService({ repo: auditRepo }),
    bookmarks: createBookmarksService({ repo: createBookmarksRepo(handle.db), papersRepo }),
    recommendations,
    ...createDigest(options, { categoriesRepo, usersRepo, limiter, mailer, recommendations }),
    citations: createCitationsService({ repo: createCitationsRepo(handle.db) }),
    bookmarkExport: createBookmarkExport({ repo: createBookmarkExportRepo(handle.db) }),
    mcp: createMcpService({
      papers,
      categories,
      search,
      limiter,
      publicUrl: config.publicUrl,
      siteName: config.site.siteName,
    }),
    /** Closes what the services opened beside the database handle: the content version's listener, the embedder. */
    async close() {
      await Promise.all([contentVersion.close(), options.textEmbedder ? null : textEmbedder.close()]);
    },
  };
}

export type Services = ReturnType<typeof createServices>;
