/**
 * The p-th percentile (0 < p <= 1) of ascending values by the nearest-rank method: the smallest value
 * that at least p of all values are at or below. 0 when there are none.
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}
