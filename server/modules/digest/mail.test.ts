import { describe, expect, it } from 'vitest';
import { makeSummary } from '../../../common/testing/summary.js';
import { digestMail, oneLineSummary } from './mail.js';
import { DIGEST_MAIL_TEXTS } from './mail-texts.js';
import { periodContaining } from './periods.js';

const input = {
  to: 'reader@example.org',
  name: 'Rita',
  language: 'en' as const,
  period: periodContaining('weekly', new Date('2031-01-08T00:00:00Z')),
  papers: [{ arxivId: 'math/9501234', title: 'An old paper', line: 'It is old.' }],
  total: 51,
  recommended: [],
  siteName: 'Site',
  publicUrl: 'https://site.example',
  unsubscribeToken: 'tok_en-1',
};

describe('digest mail', () => {
  it('takes the summary’s one line, or else the first sentence of the abstract', () => {
    const abstract = 'Agents plan. They act.';
    expect(oneLineSummary(JSON.stringify(makeSummary({ Paper_one_line: ' Agents plan well. ' })), abstract)).toBe(
      'Agents plan well.',
    );
    expect(oneLineSummary(JSON.stringify(makeSummary()), abstract)).toBe('Agents plan.');
    expect(oneLineSummary(null, 'No full stop here')).toBe('No full stop here');
  });

  it('shortens a long first sentence at a word, to at most 240 characters', () => {
    const line = oneLineSummary(null, `${'word '.repeat(100)}end.`);
    expect(line.length).toBeLessThanOrEqual(241);
    expect(line).toMatch(/word…$/);
  });

  it('counts the papers it leaves out and links to the digest for them', () => {
    const mail = digestMail(input);
    expect(mail.subject).toBe('Your weekly AI Research Digest: 51 new papers | Site');
    expect(mail.text).toContain('And 50 more. See them all on the AI Research Digest: https://site.example/ai-digest');
    expect(mail.text).toContain('https://site.example/ai-digest/math/9501234');
    expect(mail.headers?.['List-Unsubscribe']).toBe(
      '<https://site.example/api/digest-subscription/one-click?token=tok_en-1>',
    );
  });

  it('says how many papers in Arabic with the plural form of each number', () => {
    const { papers } = DIGEST_MAIL_TEXTS.ar;
    expect([1, 2, 3, 10, 11, 100].map(papers)).toEqual([
      'ورقة جديدة واحدة',
      'ورقتان جديدتان',
      '3 أوراق جديدة',
      '10 أوراق جديدة',
      '11 ورقة جديدة',
      '100 ورقة جديدة',
    ]);
  });
});
