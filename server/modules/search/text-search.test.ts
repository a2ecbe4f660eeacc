import { beforeAll, describe, expect, it } from 'vitest';
import { makeSummary } from '../../../common/testing/summary.js';
import { createLogger } from '../../logger.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { paperRow } from '../../test/papers.js';
import { createPapersRepo } from '../papers/repo.js';
import { createSearchRepo } from './repo.js';
import { createTextSearch } from './text-search.js';
import type { TextSearch } from './text-search-engine.js';

/** More changes than one step of the index applies (500), so that a search cannot wait for them all. */
const IMPORT_SIZE = 1_200;

let nextArxivNumber = 1;

/** Papers as an import in another process writes them: straight into the database, which logs the change. */
function newPapers(texts: { title: string; abstract: string }[]) {
  return texts.map(({ title, abstract }) => ({
    paper: paperRow({
      arxiv_id: `2401.${String(nextArxivNumber++).padStart(5, '0')}`,
      submitted_date: '2024-01-05',
      title,
      abstract,
    }),
    summary: null,
    categories: [],
  }));
}

describe.each(testDatabaseKinds)('the full-text index on $name, kept current from the change log', (kind) => {
  const target = useTestApp(kind);
  let textSearch: TextSearch;

  const insert = (texts: { title: string; abstract: string }[]) =>
    createPapersRepo(target.handle).insertMany(newPapers(texts));
  /** Another process pruning every change logged so far. */
  const pruneWholeLog = async () => {
    const repo = createSearchRepo(target.handle);
    await repo.pruneTextChanges(await repo.latestTextChange());
  };
  const idOf = async (title: string) =>
    (await target.handle.db.selectFrom('papers').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    await insert([
      { title: 'Diffusion models for images', abstract: 'We sample images with a denoising diffusion model.' },
      { title: 'Reinforcement learning for robots', abstract: 'A robot learns to grasp objects by trial and error.' },
      { title: 'Protein folding', abstract: 'Structures of proteins are predicted from their sequences.' },
    ]);
    textSearch = createTextSearch({
      repo: createSearchRepo(target.handle),
      titleWeight: 3,
      log: createLogger('silent'),
    });
    await textSearch.warmUp();
  });

  it('finds papers inserted after the first search, follows an edited title, and forgets a deleted paper', async () => {
    expect(await textSearch.rank('diffusion', 5)).toEqual([await idOf('Diffusion models for images')]);
    expect(await textSearch.rank('Axolotlformer', 5)).toEqual([]);

    await insert([
      { title: 'Axolotlformer: regrowing layers', abstract: 'Layers of a network are grown back after pruning.' },
      { title: 'Capybara retrieval', abstract: 'A calm retriever for long documents.' },
    ]);
    const axolotl = await idOf('Axolotlformer: regrowing layers');
    const capybara = await idOf('Capybara retrieval');
    expect(await textSearch.rank('Axolotlformer', 5)).toEqual([axolotl]);
    expect(await textSearch.rank('capybara', 5)).toEqual([capybara]);

    await target.handle.db
      .updateTable('papers')
      .set({ title: 'Pangolinnet retrieval' })
      .where('id', '=', capybara)
      .execute();
    expect(await textSearch.rank('Pangolinnet', 5)).toEqual([capybara]);
    expect(await textSearch.rank('capybara', 5)).toEqual([]);

    await target.handle.db.deleteFrom('papers').where('id', '=', axolotl).execute();
    expect(await textSearch.rank('Axolotlformer', 5)).toEqual([]);
    expect(await textSearch.rank('regrowing', 5)).toEqual([]);
  });

  it('finds papers like one among papers inserted after the first search, and forgets a deleted one', async () => {
    const seed = { title: 'Okapi attention for long videos', abstract: 'Okapi attention reads long videos in chunks.' };
    await insert([seed, { title: 'Faster okapi attention', abstract: 'Okapi attention on long videos, faster.' }]);
    const [seedId, twin] = [await idOf(seed.title), await idOf('Faster okapi attention')];
    expect((await textSearch.similar(seed, 3, (id) => id !== seedId))[0]).toBe(twin);

    await target.handle.db.deleteFrom('papers').where('id', '=', twin).execute();
    expect(await textSearch.similar(seed, 3, (id) => id !== seedId)).not.toContain(twin);
  });

  it('reads the papers for related papers again after a first read that failed', async () => {
    const repo = createSearchRepo(target.handle);
    let reads = 0;
    // The search's index reads two pages; the third read, the word-pair index's first, fails.
    const failingOnce = {
      ...repo,
      paperTextsAfter: async (after: number, limit: number) => {
        reads += 1;
        if (reads === 3) throw new Error('the database went away for a moment');
        return repo.paperTextsAfter(after, limit);
      },
    };
    const recovering = createTextSearch({ repo: failingOnce, titleWeight: 3, log: createLogger('silent') });
    await recovering.warmUp();
    const seed = {
      title: 'Diffusion models for images',
      abstract: 'We sample images with a denoising diffusion model.',
    };
    const seedId = await idOf(seed.title);
    const similar = () => recovering.similar(seed, 3, (id) => id !== seedId);
    const answered = await similar().catch(similar);
    expect(reads).toBeGreaterThan(3);
    expect(answered).not.toContain(seedId);
  });

  it('finds the words of a model-written summary written after the paper', async () => {
    await insert([{ title: 'Okapi attention', abstract: 'Attention heads are pruned by their entropy.' }]);
    const okapi = await idOf('Okapi attention');
    expect(await textSearch.rank('Quetzalprune', 5)).toEqual([]);

    const now = new Date().toISOString();
    await target.handle.db
      .insertInto('summaries')
      .values({
        paper_id: okapi,
        data: JSON.stringify(
          makeSummary({
            generatedBy: 'llm',
            Paper_one_line: 'Prunes attention heads.',
            terms: [{ name: 'Quetzalprune', explanation: 'The pruning rule of the paper.' }],
            TrainingMethod: 'Tapirdistil',
          }),
        ),
        generated_by: 'llm',
        model: 'a-model',
        data_ar: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await textSearch.rank('Quetzalprune', 5)).toEqual([okapi]);
    expect(await textSearch.rank('Tapirdistil', 5)).toEqual([okapi]);
  });

  it('answers while a large import is still being read in, and finds all of it later', async () => {
    const marker = 'Wombatscale';
    await insert(
      Array.from({ length: IMPORT_SIZE }, (_, i) => ({
        title: `${marker} study number ${i}`,
        abstract: `An imported paper about item${i}.`,
      })),
    );
    const found = async () => (await textSearch.rank(marker, IMPORT_SIZE + 10)).length;

    // The first search waits for one step of the index, not for the whole import.
    const atFirst = await found();
    expect(atFirst).toBeGreaterThan(0);
    expect(atFirst).toBeLessThan(IMPORT_SIZE);

    let now = atFirst;
    while (now < IMPORT_SIZE) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      now = await found();
    }
    expect(now).toBe(IMPORT_SIZE);
    expect(await textSearch.rank(`item${IMPORT_SIZE - 1}`, 5)).toHaveLength(1);
  });

  it('reads every paper again when another process pruned changes it had not seen', async () => {
    // Up to date with the log first, so that what follows is missed only through the pruning.
    await textSearch.rank('anything', 1);
    await insert([{ title: 'Narwhalbert encoders', abstract: 'Encoders trained on tusks of text.' }]);
    const narwhal = await idOf('Narwhalbert encoders');
    await pruneWholeLog();

    expect(await textSearch.rank('Narwhalbert', 5)).toEqual([narwhal]);
    expect(await textSearch.rank('diffusion', 5)).toEqual([await idOf('Diffusion models for images')]);
  });

  it('reads the corpus again once after a pruning that emptied the log, not at every search', async () => {
    const lines: string[] = [];
    const watched = createTextSearch({
      repo: createSearchRepo(target.handle),
      titleWeight: 3,
      log: createLogger('info', { write: (line: string) => lines.push(line) }),
    });
    const builds = () => lines.filter((line) => line.includes('full-text index built')).length;
    await watched.warmUp();
    await insert([{ title: 'Manateeformer', abstract: 'Sea cows, slowly.' }]);
    await pruneWholeLog();

    expect(await watched.rank('Manateeformer', 5)).toEqual([await idOf('Manateeformer')]);
    expect(builds()).toBe(2);
    for (let i = 0; i < 3; i++) await watched.rank('Manateeformer', 5);
    expect(builds()).toBe(2);
  });
});
