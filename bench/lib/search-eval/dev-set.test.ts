import { describe, expect, it } from 'vitest';
import { deriveDevSet, devSetQueries, halves, readDevSet, twinnedHeadings } from './dev-set.js';

const list = (repo: string) => ({ repo, commit: 'c'.repeat(40), subject: `${repo} subject`, licence: 'MIT' });

describe('the development set', () => {
  it('judges headings with at least three papers of the corpus, leaving out a parent that only repeats a child', () => {
    const readme = [
      '## Agents',
      '### Memory',
      ...['2505.00001', '2505.00002', '2505.00003', '2505.09999'].map((id) => `- https://arxiv.org/abs/${id}`),
      '## Tools',
      ...['2505.00004', '2505.00005'].map((id) => `- https://arxiv.org/abs/${id}`),
    ].join('\n');
    const corpus = new Set(['2505.00001', '2505.00002', '2505.00003', '2505.00004', '2505.00005']);
    const set = deriveDevSet([{ list: list('a/b'), readme }], corpus);
    expect(set.headings).toEqual([
      {
        list: 'a/b',
        heading: 'Memory',
        context: 'a/b subject: Agents > Memory',
        arxivIds: ['2505.00001', '2505.00002', '2505.00003'],
      },
    ]);
  });

  it('splits lists by the hash of their names, into halves of alike size', () => {
    const counts = new Map([
      ['a/one', 10],
      ['b/two', 10],
      ['c/three', 5],
      ['d/four', 5],
    ]);
    const split = halves(counts);
    expect(split).toEqual(halves(new Map([...counts].reverse())));
    const held = { tune: 0, check: 0 };
    for (const [repo, half] of split) held[half] += counts.get(repo) ?? 0;
    expect(held).toEqual({ tune: 15, check: 15 });
  });

  it('holds at least 12 lists and 300 headings, split into halves that share no list', () => {
    const set = readDevSet();
    const withHeadings = new Set(set.headings.map((heading) => heading.list));
    expect(withHeadings.size).toBeGreaterThanOrEqual(12);
    expect(set.headings.length).toBeGreaterThanOrEqual(300);
    expect(set.headings.every((heading) => heading.arxivIds.length >= 3)).toBe(true);
    const all = new Set(set.headings.flatMap((heading) => heading.arxivIds));
    const tune = devSetQueries(set, 'tune', all);
    const check = devSetQueries(set, 'check', all);
    expect(tune.short.length + check.short.length).toBe(set.headings.length);
    expect(twinnedHeadings(set)).toHaveLength(60);
  });

  it('leaves out the held-out lists', () => {
    const heldOut = [
      'TsinghuaC3I/Awesome-RL-for-LRMs',
      'TeleAI-UAGI/Awesome-Agent-Memory',
      'hemingkx/Awesome-Efficient-Reasoning',
      'Eclipsess/Awesome-Efficient-Reasoning-LLMs',
      'ZJU-REAL/Awesome-GUI-Agents',
    ].map((repo) => repo.toLowerCase());
    expect(readDevSet().lists.filter((source) => heldOut.includes(source.repo.toLowerCase()))).toEqual([]);
  });
});
