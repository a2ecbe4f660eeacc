/** A small seeded generator (mulberry32): the same seed draws the same papers on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

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
