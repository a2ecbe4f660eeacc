import { seededRandom } from './seeded-random.js';

/**
 * Papers as rows of a sparse matrix: row r's columns are columns[offsets[r]] up to
 * columns[offsets[r + 1]], each with its weight (a term's TF-IDF weight in the paper, at unit length).
 */
export interface TopicRows {
  offsets: Int32Array<ArrayBuffer>;
  columns: Int32Array<ArrayBuffer>;
  weights: Float32Array<ArrayBuffer>;
  columnCount: number;
}

/** Extra directions the randomized fit carries beyond those kept: they make the kept ones sharper. */
const OVERSAMPLING = 16;

/** `y`, an n × l matrix by rows, replaced by an orthonormal basis of its columns (Cholesky QR, twice). */
function orthonormalized(y: Float64Array, n: number, l: number): void {
  for (let pass = 0; pass < 2; pass++) {
    const gram = new Float64Array(l * l);
    for (let row = 0; row < n; row++) {
      const at = row * l;
      for (let i = 0; i < l; i++) {
        const yi = y[at + i] as number;
        if (yi === 0) continue;
        for (let j = i; j < l; j++) gram[i * l + j] = (gram[i * l + j] as number) + yi * (y[at + j] as number);
      }
    }
    // Cholesky factor R (upper) of the Gram matrix: gram = RᵀR; a direction the rows do not span is dropped.
    const r = new Float64Array(l * l);
    for (let i = 0; i < l; i++) {
      let diagonal = gram[i * l + i] as number;
      for (let k = 0; k < i; k++) diagonal -= (r[k * l + i] as number) ** 2;
      const root = diagonal > 1e-12 ? Math.sqrt(diagonal) : 0;
      r[i * l + i] = root;
      for (let j = i + 1; j < l; j++) {
        let value = gram[i * l + j] as number;
        for (let k = 0; k < i; k++) value -= (r[k * l + i] as number) * (r[k * l + j] as number);
        r[i * l + j] = root > 0 ? value / root : 0;
      }
    }
    // Each row y ← y R⁻¹ (forward substitution along the row).
    for (let row = 0; row < n; row++) {
      const at = row * l;
      for (let j = 0; j < l; j++) {
        let value = y[at + j] as number;
        for (let k = 0; k < j; k++) value -= (y[at + k] as number) * (r[k * l + j] as number);
        const root = r[j * l + j] as number;
        y[at + j] = root > 0 ? value / root : 0;
      }
    }
  }
}

/** A times z: z is columnCount × l by rows, the answer n × l by rows. */
function timesRight(rows: TopicRows, z: Float64Array, l: number): Float64Array {
  const n = rows.offsets.length - 1;
  const y = new Float64Array(n * l);
  for (let row = 0; row < n; row++) {
    const at = row * l;
    for (let p = rows.offsets[row] as number; p < (rows.offsets[row + 1] as number); p++) {
      const weight = rows.weights[p] as number;
      const from = (rows.columns[p] as number) * l;
      for (let j = 0; j < l; j++) y[at + j] = (y[at + j] as number) + weight * (z[from + j] as number);
    }
  }
  return y;
}

/** Aᵀ times q: q is n × l by rows, the answer columnCount × l by rows. */
function transposedTimes(rows: TopicRows, q: Float64Array, l: number): Float64Array {
  const n = rows.offsets.length - 1;
  const z = new Float64Array(rows.columnCount * l);
  for (let row = 0; row < n; row++) {
    const from = row * l;
    for (let p = rows.offsets[row] as number; p < (rows.offsets[row + 1] as number); p++) {
      const weight = rows.weights[p] as number;
      const at = (rows.columns[p] as number) * l;
      for (let j = 0; j < l; j++) z[at + j] = (z[at + j] as number) + weight * (q[from + j] as number);
    }
  }
  return z;
}

/** Eigenvalues (the diagonal left in `g`) and eigenvectors (columns of the answer) of a symmetric l × l matrix, by Jacobi rotations. */
function symmetricEigen(g: Float64Array, l: number): Float64Array {
  const vectors = new Float64Array(l * l);
  for (let i = 0; i < l; i++) vectors[i * l + i] = 1;
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < l; p++) for (let q = p + 1; q < l; q++) off += (g[p * l + q] as number) ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < l; p++) {
      for (let q = p + 1; q < l; q++) {
        const gpq = g[p * l + q] as number;
        if (Math.abs(gpq) < 1e-300) continue;
        const theta = ((g[q * l + q] as number) - (g[p * l + p] as number)) / (2 * gpq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < l; k++) {
          const gkp = g[k * l + p] as number;
          const gkq = g[k * l + q] as number;
          g[k * l + p] = c * gkp - s * gkq;
          g[k * l + q] = s * gkp + c * gkq;
        }
        for (let k = 0; k < l; k++) {
          const gpk = g[p * l + k] as number;
          const gqk = g[q * l + k] as number;
          g[p * l + k] = c * gpk - s * gqk;
          g[q * l + k] = s * gpk + c * gqk;
        }
        for (let k = 0; k < l; k++) {
          const vkp = vectors[k * l + p] as number;
          const vkq = vectors[k * l + q] as number;
          vectors[k * l + p] = c * vkp - s * vkq;
          vectors[k * l + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return vectors;
}

/**
 * The topics of a corpus (latent semantic analysis): the `dims` strongest right singular vectors of
 * the papers' TF-IDF matrix, found by a randomized subspace iteration (one power step) drawn by
 * `seed`. The answer holds each column's (term's) vector, columnCount × dims by rows: a paper's
 * topic vector is the sum of its terms' vectors times their weights, so papers sharing no word but
 * written in the same words' company come out near each other. Fewer dimensions are answered (the
 * rest zero) when the rows span fewer.
 */
export function fitTopics(rows: TopicRows, dims: number, seed: number): Float32Array<ArrayBuffer> {
  const n = rows.offsets.length - 1;
  const l = dims + OVERSAMPLING;
  const random = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const start = new Float64Array(rows.columnCount * l);
  for (let i = 0; i < start.length; i++) start[i] = gaussian();
  const first = timesRight(rows, start, l);
  orthonormalized(first, n, l);
  const q = timesRight(rows, transposedTimes(rows, first, l), l);
  orthonormalized(q, n, l);
  // B = QᵀA, held as Bᵀ (columnCount × l); BBᵀ = (Bᵀ)ᵀBᵀ gives the left vectors of B and the squared singular values.
  const bt = transposedTimes(rows, q, l);
  const gram = new Float64Array(l * l);
  for (let column = 0; column < rows.columnCount; column++) {
    const at = column * l;
    for (let i = 0; i < l; i++) {
      const bi = bt[at + i] as number;
      if (bi === 0) continue;
      for (let j = i; j < l; j++) gram[i * l + j] = (gram[i * l + j] as number) + bi * (bt[at + j] as number);
    }
  }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) gram[i * l + j] = gram[j * l + i] as number;
  const eigenvectors = symmetricEigen(gram, l);
  const strongest = Array.from({ length: l }, (_, i) => i)
    .sort((a, b) => (gram[b * l + b] as number) - (gram[a * l + a] as number))
    .slice(0, dims);
  // Right singular vectors: V = Bᵀ U Σ⁻¹, one column per kept direction.
  const vectors = new Float32Array(rows.columnCount * dims);
  strongest.forEach((direction, k) => {
    const squared = gram[direction * l + direction] as number;
    if (squared <= 1e-12) return;
    const sigma = Math.sqrt(squared);
    for (let column = 0; column < rows.columnCount; column++) {
      let value = 0;
      for (let j = 0; j < l; j++) value += (bt[column * l + j] as number) * (eigenvectors[j * l + direction] as number);
      vectors[column * dims + k] = value / sigma;
    }
  });
  return vectors;
}
