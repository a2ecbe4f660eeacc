import { beforeAll, describe, expect, it } from 'vitest';
import { recommendationsSchema } from '../../../common/recommendations.js';
import type { TextEmbedder } from '../../providers/embeddings/types.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';
import { pgvectorKind } from '../../test/pglite.js';
import { seedPapers } from '../ingest/seed.js';
import { embedAll } from '../search/testing.js';

/** The first 30 demo papers. */
const CORPUS_SIZE = 30;
/** Two papers that share no word, which the model below places together. */
const SAVED = { arxiv_id: '2401.99001', title: 'Zorblaxian quokkafolds', abstract: 'Wumpusnets glimmerdrome.' };
const TWIN = { arxiv_id: '2401.99002', title: 'Snarkling brindlewomps', abstract: 'Frumious vorpal tumtums.' };

const withVectors = [
  { title: 'SQLite with sqlite-vec', kind: testDatabaseKinds[0] },
  { title: 'PostgreSQL with pgvector (PGlite)', kind: pgvectorKind() },
] as const;

/** A model placing the two made-up papers on one axis and every other text on another. */
const twinsModel: TextEmbedder = {
  modelId: 'twin-axes',
  async embed(texts) {
    return texts.map((text) => {
      const vector = new Float32Array(8);
      vector[/Zorblaxian|Snarkling/.test(text) ? 0 : 1] = 1;
      return vector;
    });
  },
  close: async () => {},
};

describe.each(withVectors)('recommendations on $title, where saved papers have vectors', ({ kind }) => {
  if (!kind) throw new Error('no SQLite test database');
  const target = useTestApp(kind, () => ({}), { textEmbedder: twinsModel });

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
    for (const paper of [SAVED, TWIN]) await addPaper(target.handle, { ...paper, submitted_date: '2024-01-02' });
    await embedAll(target);
  }, 60_000);

  it('recommends the papers nearest by vector that full text does not find, and only those near enough', async () => {
    const reader = await signedInAs(target, 'user', 'twins@example.org');
    expect((await requestAs(target.app, reader, 'POST', `/api/bookmarks/${SAVED.arxiv_id}`)).statusCode).toBe(201);
    const response = await requestAs(target.app, reader, 'GET', '/api/recommendations');
    expect(response.statusCode, response.body).toBe(200);
    const { papers, reason } = recommendationsSchema.parse(response.json());
    expect(reason).toBeNull();
    expect(papers.map(({ arxivId, because }) => [arxivId, because.arxivId])).toEqual([[TWIN.arxiv_id, SAVED.arxiv_id]]);
  });
});
