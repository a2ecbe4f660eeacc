import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, loadConfig } from '../../server/config.js';
import { createLogger } from '../../server/logger.js';
import type { ArxivPaper } from '../../server/providers/arxiv/types.js';
import type { TextEmbedder } from '../../server/providers/embeddings/types.js';
import { createServices } from '../../server/services.js';
import { openDatabase } from '../../server/startup.js';
import { postgresSchemaUrl, startPgliteServer } from './bench-databases.js';
import { CACHE_DIR } from './corpus-vectors.js';

export type EvalDatabase = 'sqlite' | 'postgres' | 'pglite';

/** The --db values an eval takes; anything else stops it. */
export function evalDatabase(value: string): EvalDatabase {
  if (value === 'sqlite' || value === 'postgres' || value === 'pglite') return value;
  throw new Error(`--db ${value}: sqlite, postgres or pglite`);
}

/**
 * The site's services on a store of the real papers kept between runs (SQLite in
 * bench/.cache/STORE, PostgreSQL in the schema STORE of BENCH_DATABASE_URL, PGlite in
 * bench/.cache/STORE-pglite), the papers imported with extractive summaries when the store holds
 * fewer. Evals that name the same store share one import.
 */
export async function openEvalSite(options: {
  database: EvalDatabase;
  storeName: string;
  papers: readonly ArxivPaper[];
  /** The embedder the services use, made from the site's configuration; the caller closes it. */
  textEmbedder?: (config: AppConfig, log: FastifyBaseLogger) => Promise<TextEmbedder>;
}) {
  const { database, storeName, papers } = options;
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const pglite = database === 'pglite' ? await startPgliteServer(path.join(CACHE_DIR, `${storeName}-pglite`)) : null;
  const databaseUrl = database === 'postgres' ? await postgresSchemaUrl(storeName.replaceAll('-', '_')) : pglite?.url;
  const config = loadConfig({
    ...env,
    DATA_DIR: path.join(CACHE_DIR, storeName),
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const log = createLogger('warn');
  const textEmbedder = await options.textEmbedder?.(config, log);
  const handle = await openDatabase(config, log);
  const services = createServices({ config, handle, log, ...(textEmbedder ? { textEmbedder } : {}) });
  const { total } = await services.papersRepo.stats();
  if (total < papers.length) {
    console.log(`Importing ${papers.length} papers with extractive summaries into ${config.dataDir}`);
    const counts = await services.importer.importPapers(
      papers.map((paper) => ({ paper })),
      { mode: 'processed' },
    );
    console.log(`  ${counts.added} added`);
  }
  return {
    config,
    handle,
    log,
    services,
    async close(): Promise<void> {
      await services.close();
      await handle.close();
      await pglite?.stop();
    },
  };
}
