import { setTimeout as sleep } from 'node:timers/promises';
import type { DbHandle } from '../../server/db/connect.js';

/** What the admins were told was done, to be found in the database afterwards. */
export interface AdminLedger {
  /** By arXiv id, the title of the last edit answered 200. */
  titles: Map<string, string>;
  /** By arXiv id, the categories of the last change answered 200. */
  categories: Map<string, string[]>;
  /** Papers whose deletion answered 200. */
  deleted: Set<string>;
  /** Writes answered 200, and answers of 500 or more. */
  acknowledged: number;
  serverErrors: number;
  /** Writes that found no such paper (not stored yet): nothing to keep. */
  notFound: number;
}

export interface AdminTarget {
  bases: string[];
  publicUrl: string;
  cookie: string;
  /**
   * Some stored papers (arXiv ids) of this admin's own share: no other admin touches them, so its
   * answers set their final state.
   */
  stored(): Promise<string[]>;
}

const CATEGORY_NAMES = ['Agents', 'Planning', 'Tool use', 'Evaluation', 'Memory', 'Safety'];

export function emptyLedger(): AdminLedger {
  return {
    titles: new Map(),
    categories: new Map(),
    deleted: new Set(),
    acknowledged: 0,
    serverErrors: 0,
    notFound: 0,
  };
}

/**
 * One admin at work until `until` says stop: edits (60%), sets categories (25%) and deletes (15%)
 * stored papers of its share, through the web processes in turn, a short pause between writes.
 */
export async function runAdmin(
  admin: AdminTarget,
  ledger: AdminLedger,
  until: () => boolean,
  pauseMs: number,
): Promise<void> {
  let turn = 0;
  let live: string[] = [];
  while (!until()) {
    turn += 1;
    if (live.length === 0 || turn % 20 === 0) live = (await admin.stored()).filter((id) => !ledger.deleted.has(id));
    if (live.length === 0) {
      await sleep(pauseMs);
      continue;
    }
    const index = Math.floor(Math.random() * live.length);
    const arxivId = live[index] as string;
    const base = admin.bases[turn % admin.bases.length];
    const roll = Math.random();
    const send = (method: string, path: string, body?: object) =>
      fetch(`${base}/api/papers/${arxivId}${path}`, {
        method,
        headers: {
          cookie: admin.cookie,
          origin: admin.publicUrl,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body && JSON.stringify(body),
      });
    let answer: Response;
    if (roll < 0.6) {
      const title = `Edited ${arxivId} #${turn}`;
      answer = await send('PUT', '', {
        version: 1,
        title,
        pdfUrl: `https://arxiv.org/pdf/${arxivId}v1`,
        abstract: `An abstract edited by an admin, turn ${turn}.`,
      });
      if (answer.ok) ledger.titles.set(arxivId, title);
    } else if (roll < 0.85) {
      const categories = CATEGORY_NAMES.filter(() => Math.random() < 0.4).sort();
      answer = await send('POST', '/categories', { categories });
      if (answer.ok) ledger.categories.set(arxivId, categories);
    } else {
      answer = await send('DELETE', '');
      if (answer.ok) {
        ledger.deleted.add(arxivId);
        live.splice(index, 1);
      }
    }
    await answer.arrayBuffer();
    if (answer.ok) ledger.acknowledged += 1;
    else if (answer.status === 404) ledger.notFound += 1;
    else if (answer.status >= 500) ledger.serverErrors += 1;
    await sleep(pauseMs);
  }
}

/**
 * The admins' acknowledged writes the database does not hold: an edit's title or a categorisation
 * missing from a paper still stored, or a deleted paper back. A paper deleted after its edits needs
 * only to be gone.
 */
export async function lostAdminWrites(handle: DbHandle, ledger: AdminLedger): Promise<string[]> {
  const lost: string[] = [];
  const ids = [...new Set([...ledger.titles.keys(), ...ledger.categories.keys(), ...ledger.deleted])];
  if (ids.length === 0) return lost;
  const rows = await handle.db
    .selectFrom('papers')
    .select(['id', 'arxiv_id', 'title'])
    .where('arxiv_id', 'in', ids)
    .execute();
  const stored = new Map(rows.map((row) => [row.arxiv_id, row]));
  const links = await handle.db
    .selectFrom('paper_categories')
    .innerJoin('categories', 'categories.id', 'paper_categories.category_id')
    .select(['paper_categories.paper_id', 'categories.name'])
    .where(
      'paper_categories.paper_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  for (const arxivId of ids) {
    const row = stored.get(arxivId);
    if (ledger.deleted.has(arxivId)) {
      if (row) lost.push(`${arxivId}: deleted, yet stored`);
      continue;
    }
    if (!row) {
      lost.push(`${arxivId}: edited, yet gone`);
      continue;
    }
    const title = ledger.titles.get(arxivId);
    if (title && row.title !== title) lost.push(`${arxivId}: title "${row.title}", not "${title}"`);
    const categories = ledger.categories.get(arxivId);
    if (categories) {
      const held = links
        .filter((link) => link.paper_id === row.id)
        .map((link) => link.name)
        .sort();
      if (held.join('|') !== categories.join('|'))
        lost.push(`${arxivId}: categories ${held.join(', ')}, not ${categories.join(', ')}`);
    }
  }
  return lost;
}
