/** The vector scaled to unit length, so that the cosine of two vectors is their dot product. */
export function toUnitLength(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] ?? 0) ** 2;
  const length = Math.sqrt(sum);
  if (!Number.isFinite(length) || length === 0) throw new Error('the model answered a vector without direction');
  const unit = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) unit[i] = (values[i] ?? 0) / length;
  return unit;
}

/** The dot product of two vectors of one length: their cosine when both have unit length. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** The direction of the mean of the rows, each taken at unit length first: the mean of several texts' meanings. */
export function meanDirection(rows: readonly ArrayLike<number>[]): Float32Array {
  const sum = new Float32Array(rows[0]?.length ?? 0);
  for (const row of rows) {
    const unit = toUnitLength(row);
    for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + (unit[i] ?? 0);
  }
  return toUnitLength(sum);
}
