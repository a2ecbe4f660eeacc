import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../scripts/lib/production-server.js';

const run = promisify(execFile);

/** Plain node loads the compiled embedder, which must find its compiled thread beside it. */
const SCRIPT = `import('./dist/server/providers/embeddings/use-lite.js').then(async ({ createUseLiteEmbedder }) => {
  const embedder = createUseLiteEmbedder();
  const [vector] = await embedder.embed(['graph neural networks for molecules']);
  await embedder.close();
  console.log(JSON.stringify({ modelId: embedder.modelId, length: vector.length, norm: Math.hypot(...vector) }));
});`;

describe('the production build', () => {
  beforeAll(() => ensureBuilt());

  it('embeds with the bundled encoder in its worker thread', async () => {
    const { stdout } = await run(process.execPath, ['-e', SCRIPT]);
    const answer = JSON.parse(stdout) as { modelId: string; length: number; norm: number };
    expect(answer).toMatchObject({ modelId: 'use-lite-512-pooled@0.2.0', length: 512 });
    expect(answer.norm).toBeCloseTo(1, 5);
  });
});
