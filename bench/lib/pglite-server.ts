/**
 * A PGlite database with pgvector, served over the PostgreSQL wire protocol on a free port of
 * 127.0.0.1, for benchmarks that need pgvector where the local PostgreSQL lacks it. Run in a process
 * of its own (PGlite computes on the thread that calls it): prints `listening <port>` when ready.
 *   node --import tsx bench/lib/pglite-server.ts DATA_DIR
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { unitQueue } from '../../server/test/pglite.js';

const [dataDir] = process.argv.slice(2);
const db = await PGlite.create(dataDir ?? 'memory://', { extensions: { vector } });
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
// The library's queue interleaves the extended queries of concurrent connections; this one keeps each together.
Object.assign(server, { queryQueue: unitQueue(db) });
await server.start();
console.log(`listening ${new URL(`postgres://${server.getServerConn()}`).port}`);

async function stop(): Promise<void> {
  await server.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
