import type { DbHandle } from '../../server/db/connect.js';
import {
  createEmbeddingsRepo,
  type EmbeddedPaper,
  type PaperToEmbed,
} from '../../server/modules/search/embeddings-repo.js';
import { seededRandom } from '../../server/modules/search/seeded-random.js';
import type { VectorIndex } from '../../server/modules/search/vector-index.js';

/** A seed variant reads as its real paper, under a marked title. */
const VARIANT_TITLE = /^\[Synthetic \d+\] /;
/**
 * How far a variant's vector is moved from its real paper's: noise of this scale per dimension (512
 * of them) puts the two at a cosine of about 0.994, as far as the encoder puts a paper's text from
 * the same text under the marked title (0.990 to 0.998, measured), so a variant is near its paper
 * without being the same point.
 */
const JITTER = 0.0048;
const PAGE = 1_000;

/** The vector moved by seeded Gaussian noise, back to unit length. */
function jittered(vector: Float32Array, seed: number): Float32Array {
  const random = seededRandom(seed);
  const moved = vector.map((value) => {
    const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return value + JITTER * gaussian;
  });
  const length = Math.hypot(...moved);
  return moved.map((value) => value / length);
}

/**
 * Stores a vector for every paper that lacks one of `model`, through the app's own write path, from
 * vectors made for the texts the app embeds (`vectorOfText`): a real paper gets the vector of its
 * text, a seed variant a jittered copy of its real paper's. Fails when a real paper's text has no
 * vector, so vectors made for other texts are never stored as the app's. Answers how many were stored.
 */
export async function fillVectors(
  handle: DbHandle,
  index: VectorIndex,
  model: string,
  vectorOfText: (text: string) => Float32Array | undefined,
): Promise<number> {
  const repo = createEmbeddingsRepo(handle);
  let stored = 0;
  let after: PaperToEmbed | null = null;
  for (;;) {
    const batch = await repo.lacking(model, after, PAGE);
    if (batch.length === 0) return stored;
    const rows = batch.map((paper): EmbeddedPaper => {
      const own = vectorOfText(paper.text);
      if (own) return { paperId: paper.id, text: paper.text, vector: own };
      const real = VARIANT_TITLE.test(paper.text) ? vectorOfText(paper.text.replace(VARIANT_TITLE, '')) : undefined;
      if (!real) throw new Error(`paper ${paper.id}: no vector was made for its text:\n${paper.text.slice(0, 200)}`);
      return { paperId: paper.id, text: paper.text, vector: jittered(real, paper.id) };
    });
    await index.ensure(rows[0]?.vector.length ?? 0);
    stored += await repo.store(model, index, rows);
    after = batch.at(-1) ?? null;
  }
}
