import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { TestDatabaseKind } from './databases.js';

interface Queued {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
}

/**
 * Frontend messages that leave an extended query open (Parse, Bind, Describe, Execute, Close,
 * Flush): until its Sync, no other connection's message may reach the one PGlite session, or it
 * would take over the unnamed statement. Everything else (Sync, a simple Query, startup) ends a unit.
 */
const OPENS_UNIT = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((letter) => letter.charCodeAt(0)));

/**
 * What pglite-socket's own queue does, one message at a time, but keeping a connection's extended
 * query (Parse … Sync) and its transaction together: the library's queue interleaves the messages
 * of concurrent connections, which a pool of several connections does all the time.
 */
export function unitQueue(db: PGlite) {
  const queue: Queued[] = [];
  let owner: number | null = null;
  let running = false;

  async function run(): Promise<void> {
    if (running) return;
    running = true;
    for (;;) {
      const index = owner === null ? (queue.length > 0 ? 0 : -1) : queue.findIndex((q) => q.handlerId === owner);
      const [entry] = index === -1 ? [] : queue.splice(index, 1);
      if (!entry) break;
      let bytes = 0;
      try {
        await db.runExclusive(() =>
          db.execProtocolRawStream(entry.message, {
            onRawData: (data) => {
              bytes += data.length;
              entry.onData(data);
            },
          }),
        );
        entry.resolve(bytes);
      } catch (error) {
        entry.reject(error);
      }
      const open = OPENS_UNIT.has(entry.message[0] ?? 0) || db.isInTransaction();
      owner = open ? entry.handlerId : null;
    }
    running = false;
  }

  return {
    enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
      return new Promise((resolve, reject) => {
        queue.push({ handlerId, message, onData, resolve, reject });
        void run();
      });
    },
    getQueueLength: () => queue.length,
    clearQueueForHandler(handlerId: number): void {
      for (let i = queue.length - 1; i >= 0; i--) {
        if (queue[i]?.handlerId === handlerId) queue.splice(i, 1)[0]?.reject(new Error('Handler disconnected'));
      }
    },
    /** A connection that went away mid-transaction has it rolled back, so the others can go on. */
    async clearTransactionIfNeeded(handlerId: number): Promise<void> {
      if (owner !== handlerId) return;
      if (db.isInTransaction()) await db.exec('ROLLBACK');
      owner = null;
      await run();
    },
  };
}

/**
 * A real PostgreSQL with pgvector (PGlite, PostgreSQL compiled to WebAssembly, with its pgvector
 * extension) served over TCP, so the app connects with its own pg pool, runs its migrations and
 * searches through HNSW as against any server: the local PostgreSQL has no pgvector. PGlite is one
 * session behind every connection: LISTEN/NOTIFY does not reach another connection (the content
 * version's poll covers it), advisory locks do not exclude, and the database lives in the default
 * schema, a new PGlite per test database.
 */
export function pgvectorKind(): TestDatabaseKind {
  return {
    name: 'postgres',
    async create() {
      const db = await PGlite.create({ extensions: { vector } });
      const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 20 });
      // The server hands its queue to each connection it accepts; ours replaces it before any does.
      Object.assign(server, { queryQueue: unitQueue(db) });
      await server.start();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'site-test-'));
      return {
        name: 'postgres',
        env: { DATA_DIR: dataDir, DATABASE_URL: `postgres://postgres@${server.getServerConn()}/postgres` },
        async dispose() {
          await server.stop();
          await db.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}
