import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArxivInput } from './arxiv-id.js';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

const newStyleId = fc.tuple(digits(4), fc.oneof(digits(4), digits(5))).map(([prefix, number]) => `${prefix}.${number}`);
const oldStyleId = fc
  .tuple(
    fc.constantFrom('hep-th', 'math', 'cond-mat', 'astro-ph', 'quant-ph', 'cs', 'q-bio'),
    fc.option(fc.constantFrom('GT', 'AI', 'CL', 'PR'), { nil: undefined }),
    digits(7),
  )
  .map(([archive, subject, number]) => `${archive}${subject ? `.${subject}` : ''}/${number}`);
const version = fc.option(fc.integer({ min: 1, max: 99 }), { nil: null });

/** Every way arxiv.org links to a paper, as an admin may paste it. */
const urlForms = fc.record({
  scheme: fc.constantFrom('http', 'https'),
  host: fc.constantFrom('arxiv.org', 'www.arxiv.org'),
  page: fc.constantFrom('abs', 'pdf', 'pdf-with-extension', 'html'),
  trailingSlash: fc.boolean(),
  surroundingSpace: fc.constantFrom('', ' ', '\t\n'),
});

describe('parseArxivInput', () => {
  it('reads every valid id, bare or in any arxiv.org link, back as the same id and version', () => {
    fc.assert(
      fc.property(fc.oneof(newStyleId, oldStyleId), version, urlForms, (arxivId, v, form) => {
        const id = `${arxivId}${v ? `v${v}` : ''}`;
        const page = form.page === 'pdf-with-extension' ? 'pdf' : form.page;
        const suffix = form.page === 'pdf-with-extension' ? '.pdf' : form.trailingSlash ? '/' : '';
        const url = `${form.scheme}://${form.host}/${page}/${id}${suffix}`;
        const expected = { ok: true, arxivId, version: v };
        expect(parseArxivInput(id)).toEqual(expected);
        expect(parseArxivInput(`${form.surroundingSpace}${url}${form.surroundingSpace}`)).toEqual(expected);
      }),
    );
  });

  it('reads the examples an admin is likely to paste', () => {
    expect(parseArxivInput('2401.12345')).toEqual({ ok: true, arxivId: '2401.12345', version: null });
    expect(parseArxivInput('2401.12345v2')).toEqual({ ok: true, arxivId: '2401.12345', version: 2 });
    expect(parseArxivInput('hep-th/9901001v1')).toEqual({ ok: true, arxivId: 'hep-th/9901001', version: 1 });
    expect(parseArxivInput('math.GT/0309136')).toEqual({ ok: true, arxivId: 'math.GT/0309136', version: null });
    expect(parseArxivInput('https://www.arxiv.org/pdf/2401.12345v3.pdf')).toMatchObject({ version: 3 });
    expect(parseArxivInput('https://arxiv.org/abs/2401.12345?context=cs.AI#refs')).toMatchObject({ ok: true });
  });

  it('refuses empty input with the scraper message', () => {
    for (const input of ['', '   ', '\n'])
      expect(parseArxivInput(input)).toEqual({
        ok: false,
        problem: 'empty',
        message: 'Please enter a paper ID or URL',
      });
  });

  it('refuses what is not an arXiv paper, with a message that says what is expected', () => {
    const refused = [
      'abc',
      '2401.123',
      '2401.123456',
      '24011.2345',
      'HEP-TH/9901001',
      'hep-th/990100',
      '2401.12345v',
      '2401.12345v0',
      '2401.12345v2v3',
      'https://example.org/abs/2401.12345',
      'https://arxiv.org.evil.example/abs/2401.12345',
      'https://export.arxiv.org/abs/2401.12345',
      'ftp://arxiv.org/abs/2401.12345',
      'https://arxiv.org/list/cs.AI/new',
      'https://arxiv.org/abs/',
      'https://arxiv.org/abs/2401.12345/extra',
      'arxiv.org/abs/2401.12345',
      '2401.12345 2401.12346',
    ];
    for (const input of refused) {
      const parsed = parseArxivInput(input);
      expect(parsed, input).toMatchObject({ ok: false, problem: 'unrecognised' });
      expect(parsed.ok ? '' : parsed.message).toMatch(/2401\.12345.*hep-th\/9901001.*arxiv\.org/);
    }
  });

  it('never throws, whatever it is given', () => {
    fc.assert(fc.property(fc.string(), (input) => typeof parseArxivInput(input).ok === 'boolean'));
  });
});
