import { seededRandom } from '../../../server/modules/search/seeded-random.js';

/** `count` distinct items drawn by the seed, in the order drawn. */
export function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  if (count > items.length) throw new Error(`cannot draw ${count} of ${items.length}`);
  const random = seededRandom(seed);
  const pool = [...items];
  // The first `count` steps of a Fisher-Yates shuffle.
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}
