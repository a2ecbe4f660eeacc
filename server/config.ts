import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isArxivCategory } from '../common/arxiv-id.js';
import { DEFAULT_BANNER_TEXT, DEFAULT_BANNER_TEXT_AR } from '../common/ssr.js';
import { parseTrustedProxies, type TrustedProxies } from './http/client-address.js';

const optionalUrl = z.string().trim().url().optional();
const optionalText = z.string().trim().min(1).optional();
/** `30m`, `6h`, `1d`: how often a schedule runs; at least a minute, so arXiv is never polled harder. */
const interval = z
  .string()
  .trim()
  .regex(/^\d+[smhd]$/, 'must be a duration such as 30m, 6h or 1d')
  .transform(
    (value) =>
      Number(value.slice(0, -1)) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[value.slice(-1) as 's'],
  )
  .refine((ms) => ms >= 60_000, 'must be at least 1m');
/** A ranking weight: a positive number such as 0.5 or 3. */
const weight = z.coerce.number().positive('must be a positive number such as 0.5 or 3');
const weightOrNone = z.coerce.number().min(0, 'must be 0 or a positive number such as 0.5');
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(15_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  SESSION_SECRET: optionalText,
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: optionalText,
  ARXIV_API_URL: z.string().trim().url().default('https://export.arxiv.org/api/query'),
  INGEST_CATEGORIES: z
    .string()
    .trim()
    .transform((value) =>
      value
        .split(',')
        .map((term) => term.trim())
        .filter(Boolean),
    )
    .refine(
      (terms) => terms.length > 0 && terms.every(isArxivCategory),
      'must list arXiv categories such as cs.AI,cs.CL',
    )
    .default(['cs.AI', 'cs.CL', 'cs.LG', 'cs.MA']),
  INGEST_INTERVAL: interval.optional(),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  LLM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  ARXIV_PDF_URL: z.string().trim().url().default('https://arxiv.org/pdf'),
  PDF_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: optionalText,
  EMBEDDINGS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  EMBEDDING_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  SEARCH_TEXT_WEIGHT: weight.default(1),
  SEARCH_VECTOR_WEIGHT: weightOrNone.default(0),
  SEARCH_TITLE_WEIGHT: weight.default(3),
  ANALYTICS_TAG_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a tag id such as G-XXXXXXX')
    .optional(),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, context) => {
      const parsed = parseTrustedProxies(value);
      if ('problem' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    })
    .default({ hops: 0 }),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_NAME: z.string().trim().min(1).default('Agentic Framework'),
  SITE_CONTACT_EMAIL: z.string().trim().email().default('contact@example.org'),
  SITE_REPOSITORY_URL: z.string().trim().url().default('https://github.com/example/agentic-framework'),
  SITE_DISCORD_URL: z.string().trim().url().default('https://discord.gg/example'),
  SITE_BANNER_TEXT: z.string().trim().min(1).default(DEFAULT_BANNER_TEXT),
  SITE_BANNER_TEXT_AR: z.string().trim().min(1).optional(),
  SITE_BANNER_URL: z.string().trim().url().default('https://example.org/agent-interoperability/supporters'),
  NODE_ENV: z.string().trim().optional(),
});

export interface SiteConfig {
  siteName: string;
  contactEmail: string;
  repositoryUrl: string;
  discordUrl: string;
  bannerText: string;
  /** The banner's text on Arabic pages; null shows the English text there. */
  bannerTextAr: string | null;
  bannerUrl: string;
  analyticsTagId: string | null;
}

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** PUBLIC_URL was unset and publicUrl is the local default (never in production). */
  publicUrlIsDefault: boolean;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: how long a request waits for a connection, and how long one statement may run. */
  databaseConnectTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  /** After SIGTERM, how long in-flight requests and mail deliveries may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  sessionSecrets: string[];
  smtpUrl: string | null;
  mailFrom: string | null;
  arxivApiUrl: string;
  /** The schedule that queues the newest papers of these categories; off without an interval. */
  ingest: { categories: string[]; intervalMs: number | null };
  llm: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  /** Where the worker fetches PDFs (`{url}/{arxivId}v{version}`), and its longest wait for one. */
  pdf: { baseUrl: string; timeoutMs: number };
  /** How long a worker's claim on a queue item lasts without renewal: a dead worker's item waits this long. */
  workerLeaseMs: number;
  /** An OpenAI-compatible embeddings endpoint; without it the bundled encoder makes the vectors. */
  embeddings: { baseUrl: string; apiKey: string | null; model: string; timeoutMs: number } | null;
  /**
   * Threads of the bundled encoder that embed papers in the background; a search's question has one
   * more of its own. By default one a core: they run at the lowest CPU priority, so the web server
   * and the questions still take the cores first.
   */
  embeddingThreads: number;
  /**
   * How search ranks: the weights of the full-text and vector rankings where both are fused, and of
   * a title match over an abstract match within full text.
   */
  search: { textWeight: number; vectorWeight: number; titleWeight: number };
  seedDemo: boolean;
  /** Behind reverse proxies, whose X-Forwarded-For entries give the client address (rate limits use it). */
  trustProxy: TrustedProxies;
  /** Rate-limit counts shared by every process; without it they live in the database (PostgreSQL) or in memory. */
  redisUrl: string | null;
  logLevel: string;
  site: SiteConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Empty variables count as unset, as shells and .env files often leave them. */
function withoutBlanks(env: Env): Env {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

/** Parses the whole environment at once, so that start-up names every bad variable, not just the first. */
export function loadConfig(rawEnv: Env = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutBlanks(rawEnv));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.LLM_BASE_URL && !env.LLM_MODEL) problems.push('LLM_MODEL: required when LLM_BASE_URL is set');
  if (env.EMBEDDINGS_BASE_URL && !env.EMBEDDINGS_MODEL)
    problems.push('EMBEDDINGS_MODEL: required when EMBEDDINGS_BASE_URL is set');
  // Mail links, feeds and the sitemap are built from it: a localhost default would ship broken links.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL: required when NODE_ENV=production; set it to the address readers use, such as https://example.org',
    );
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    publicUrlIsDefault: env.PUBLIC_URL === undefined,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    sessionSecrets: env.SESSION_SECRET ? env.SESSION_SECRET.split(',').map((s) => s.trim()) : [],
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? null,
    arxivApiUrl: env.ARXIV_API_URL,
    ingest: { categories: env.INGEST_CATEGORIES, intervalMs: env.INGEST_INTERVAL ?? null },
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY ?? null,
          model: env.LLM_MODEL ?? '',
          timeoutMs: env.LLM_TIMEOUT_SECONDS * 1000,
        }
      : null,
    pdf: { baseUrl: env.ARXIV_PDF_URL, timeoutMs: env.PDF_TIMEOUT_SECONDS * 1000 },
    workerLeaseMs: env.WORKER_LEASE_SECONDS * 1000,
    embeddings: env.EMBEDDINGS_BASE_URL
      ? {
          baseUrl: env.EMBEDDINGS_BASE_URL,
          apiKey: env.EMBEDDINGS_API_KEY ?? null,
          model: env.EMBEDDINGS_MODEL ?? '',
          timeoutMs: env.EMBEDDINGS_TIMEOUT_SECONDS * 1000,
        }
      : null,
    embeddingThreads: env.EMBEDDING_THREADS ?? availableParallelism(),
    search: {
      textWeight: env.SEARCH_TEXT_WEIGHT,
      vectorWeight: env.SEARCH_VECTOR_WEIGHT,
      titleWeight: env.SEARCH_TITLE_WEIGHT,
    },
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    redisUrl: env.REDIS_URL ?? null,
    logLevel: env.LOG_LEVEL,
    site: {
      siteName: env.SITE_NAME,
      contactEmail: env.SITE_CONTACT_EMAIL,
      repositoryUrl: env.SITE_REPOSITORY_URL,
      discordUrl: env.SITE_DISCORD_URL,
      bannerText: env.SITE_BANNER_TEXT,
      // The placeholder has its Arabic; a text of the operator's own has only what they give.
      bannerTextAr:
        env.SITE_BANNER_TEXT_AR ?? (env.SITE_BANNER_TEXT === DEFAULT_BANNER_TEXT ? DEFAULT_BANNER_TEXT_AR : null),
      bannerUrl: env.SITE_BANNER_URL,
      analyticsTagId: env.ANALYTICS_TAG_ID ?? null,
    },
  };
}
