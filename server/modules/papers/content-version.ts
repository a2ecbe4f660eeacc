import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { PAPER_STATS_CHANNEL } from '../../db/migrations/0004_content_notify.js';
import type { PapersRepo } from './repo.js';

/**
 * The version of everything the digest shows (papers, summaries, categories, listing order) as one
 * stamp: answers and pages kept under one stamp stay valid until it changes.
 */
export interface ContentVersion {
  current(): Promise<string>;
  /**
   * Called after a write of this process has committed: once it resolves, current() answers a
   * version at least as new as that write, without waiting for the database's announcement.
   */
  changed(): Promise<void>;
  close(): Promise<void>;
}

type StatsReader = Pick<PapersRepo, 'stats'>;

/** How often the version is read even without an announcement, in case one was missed. */
const POLL_MS = 1_000;
/** Wait before listening again after the listening connection failed. */
const RECONNECT_MS = 1_000;

async function readStamp(repo: StatsReader): Promise<string> {
  const stats = await repo.stats();
  return `${stats.version}:${stats.content_version}`;
}

/**
 * SQLite: the version read on every call. It is a prepared statement run in the process (a few
 * microseconds), and it is never stale, whichever process wrote.
 */
export function readOnEveryCall(repo: StatsReader): ContentVersion {
  return { current: () => readStamp(repo), changed: async () => {}, close: async () => {} };
}

/**
 * PostgreSQL: the version kept in memory, read again when the database announces a change (a
 * trigger NOTIFYs on every change logged in paper_stats_changes; a connection of its own LISTENs),
 * and every POLL_MS in case an announcement was lost. Until that connection listens, and whenever
 * it is down, every call reads the version from the database, so a change never waits for it.
 * Every POLL_MS it also folds the logged changes (`fold`), which keeps reading the version cheap.
 */
export function listenForChanges(options: {
  databaseUrl: string;
  repo: StatsReader;
  fold: () => Promise<void>;
  log: FastifyBaseLogger;
}): ContentVersion {
  const { databaseUrl, repo, fold, log } = options;
  let listener: pg.Client | null = null;
  let schema = '';
  let known: string | null = null;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;
  // A read issued later sees a state at least as new, so an earlier read answering late is ignored.
  let issued = 0;
  let applied = 0;

  async function refresh(): Promise<void> {
    const client = listener;
    if (!client) return;
    const ticket = ++issued;
    const stamp = await readStamp(repo);
    // Only a read made while this same connection listened: one from before a reconnection may miss changes.
    if (listener === client && ticket > applied) {
      applied = ticket;
      known = stamp;
    }
  }
  const refreshLogged = () =>
    refresh().catch((error: unknown) => log.warn({ err: error }, 'reading the content version failed'));

  function drop(client: pg.Client): Promise<void> {
    client.removeAllListeners();
    // A late error from the closing connection must not become an unhandled 'error' event.
    client.on('error', () => {});
    return client.end().catch(() => {});
  }

  function lost(client: pg.Client, error?: unknown): void {
    const wasListening = listener === client;
    if (wasListening) {
      listener = null;
      known = null;
    }
    void drop(client);
    if (closed) return;
    if (wasListening) log.warn({ err: error }, 'lost the connection that listens for paper changes; reconnecting');
    else log.debug({ err: error }, 'could not listen for paper changes; trying again');
    clearTimeout(reconnect);
    reconnect = setTimeout(() => {
      connecting = listen();
    }, RECONNECT_MS);
    reconnect.unref();
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: 'paper-stats-listener',
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      // Schemas of one database share the channel; only this schema's changes matter.
      if (message.payload === schema) void refreshLogged();
    });
    try {
      await client.connect();
      schema = (await client.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]?.schema ?? '';
      await client.query(`LISTEN ${PAPER_STATS_CHANNEL}`);
      if (closed) return drop(client);
      listener = client;
      // Changes made before LISTEN were not announced.
      await refreshLogged();
    } catch (error) {
      lost(client, error);
    }
  }

  let connecting = listen();
  // Awaited by close(), so no fold runs on a database the process has closed.
  let polling: Promise<void> = Promise.resolve();
  const poll = setInterval(() => {
    if (!listener) return;
    polling = fold()
      .catch((error: unknown) => log.warn({ err: error }, 'folding the logged paper changes failed'))
      .then(refreshLogged);
  }, POLL_MS);
  poll.unref();

  return {
    async current() {
      return known ?? readStamp(repo);
    },
    async changed() {
      // A read issued now is newer than any read in flight, which can no longer overwrite it.
      await refresh().catch((error: unknown) => {
        // Unknown is safe: every call reads the database until the listener reads the version again.
        known = null;
        log.warn({ err: error }, 'reading the content version after a write failed');
      });
    },
    async close() {
      closed = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      await connecting;
      await polling;
      const client = listener;
      listener = null;
      known = null;
      if (client) await drop(client);
    },
  };
}
