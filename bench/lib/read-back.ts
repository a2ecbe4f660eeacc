import type { Reader } from './load-readers.js';
import type { FoundWrites, WriteLedger } from './write-ledger.js';

/** Requests at once while reading back: enough to be quick, few enough not to be a load test of its own. */
const AT_ONCE = 20;

async function inBatches<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += AT_ONCE) {
    results.push(...(await Promise.all(items.slice(start, start + AT_ONCE).map(read))));
  }
  return results;
}

async function readJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`reading back ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * What the site holds after a run, read through the API as its readers would see it: each reader's
 * bookmarks (with its own session), the comments of every paper commented on, and each acknowledged
 * image, served whole. `baseOf` names the web process to ask for a reader; papers and images are read
 * from the first one given.
 */
export async function readBack(
  readers: readonly Reader[],
  baseOf: (reader: Reader) => string,
  ledger: WriteLedger,
): Promise<FoundWrites> {
  const bookmarkLists = await inBatches(readers, async (reader) => {
    const list = await readJson<{ paperId: number }[]>(`${baseOf(reader)}/api/bookmarks`, {
      cookie: reader.cookie,
      'x-forwarded-for': reader.address,
    });
    return list.map(({ paperId }) => ({ userId: reader.userId, paperId }));
  });
  const base = baseOf(readers[0] as Reader);
  const commentLists = await inBatches(ledger.commentedPapers(), (paperId) =>
    readJson<{ id: number }[]>(`${base}/api/comments/${paperId}`),
  );
  const served = await inBatches(ledger.storedUploads(), async ([url, bytes]) => {
    const response = await fetch(`${base}${url}`);
    const body = await response.arrayBuffer();
    return response.ok && body.byteLength === bytes ? [url] : [];
  });
  return {
    bookmarks: bookmarkLists.flat(),
    commentIds: commentLists.flat().map(({ id }) => id),
    uploads: served.flat(),
  };
}
