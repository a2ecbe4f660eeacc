import { describe, expect, it } from 'vitest';
import { headingText, listSections, namesTopic } from './curated-lists.js';

const README = `# Awesome Things

## Contents
- [Reward Design](#reward-design)

## 📖 Reward Design
- Paper A [arXiv](https://arxiv.org/abs/2505.00001)

### 2.1 Generative Rewards (3)
- Paper B [pdf](https://arxiv.org/pdf/2505.00002v2)
- Paper A again [arXiv](https://arxiv.org/abs/2505.00001)

\`\`\`bibtex
# not a heading, https://arxiv.org/abs/2505.00009
\`\`\`

## Latest Papers
- Paper C https://arxiv.org/html/2506.00003

## Citation
`;

describe('a curated list README', () => {
  it('gives each topical heading its path and the arXiv papers of its section, sub-headings included', () => {
    expect(listSections(README)).toEqual([
      { path: ['Reward Design'], arxivIds: ['2505.00001', '2505.00002'] },
      { path: ['Reward Design', 'Generative Rewards'], arxivIds: ['2505.00002', '2505.00001'] },
    ]);
  });

  it('cleans a heading of emoji, links, numbering and counts', () => {
    expect(headingText('🔥 1.2 [Sparse Attention](#sparse) (12)')).toBe('Sparse Attention');
    expect(headingText('➤ Sec4.1 Task: Search & Research Agent')).toBe('Task: Search & Research Agent');
    expect(headingText('Part 2: Process Reward Models')).toBe('Process Reward Models');
  });

  it('takes headings of years, months or generic words for furniture', () => {
    expect(namesTopic('2025')).toBe(false);
    expect(namesTopic('Jan 2025')).toBe(false);
    expect(namesTopic('Recent Papers (Last 6 Months)')).toBe(false);
    expect(namesTopic('Table of Contents')).toBe(false);
    expect(namesTopic('Benchmarks')).toBe(true);
  });

  it('counts level-1 headings as sections when the README has several', () => {
    const sections = listSections('# Quantization\nhttps://arxiv.org/abs/2505.00001\n# Pruning\n');
    expect(sections.map(({ path }) => path)).toEqual([['Quantization'], ['Pruning']]);
  });
});
