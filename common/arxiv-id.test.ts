import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArxivId, parseArxivInput, parsePaperRef } from './arxiv-id.js';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

/** An id as it may be typed, and the id the paper is stored under. */
const newStyleId = fc
  .tuple(digits(4), fc.oneof(digits(4), digits(5)))
  .map(([prefix, number]) => ({ typed: `${prefix}.${number}`, stored: `${prefix}.${number}` }));
const oldStyleId = fc
  .tuple(
    fc.constantFrom('hep-th', 'hep-ex', 'math', 'cond-mat', 'astro-ph', 'quant-ph', 'cs', 'q-bio'),
    fc.option(fc.constantFrom('GT', 'AI', 'CL', 'PR', 'EX'), { nil: undefined }),
    digits(7),
  )
  .map(([archive, subject, number]) => ({
    typed: `${archive}${subject ? `.${subject}` : ''}/${number}`,
    stored: `${archive}/${number}`,
  }));
const version = fc.option(fc.integer({ min: 1, max: 99 }), { nil: null });

/** Every way arxiv.org links to a paper, as an admin may paste it. */
const urlForms = fc.record({
  scheme: fc.constantFrom('http://', 'https://', ''),
  host: fc.constantFrom('arxiv.org', 'www.arxiv.org', 'export.arxiv.org'),
  page: fc.constantFrom('abs', 'pdf', 'pdf-with-extension', 'html', 'format'),
  trailingSlash: fc.boolean(),
  tail: fc.constantFrom('', '?context=cs.AI', '#refs'),
  surroundingSpace: fc.constantFrom('', ' ', '\t\n'),
});

describe('parseArxivInput', () => {
  it('reads every valid id, bare, cited or in any arxiv.org link, as the id the paper is stored under', () => {
    fc.assert(
      fc.property(fc.oneof(newStyleId, oldStyleId), version, urlForms, ({ typed, stored }, v, form) => {
        const id = `${typed}${v ? `v${v}` : ''}`;
        const page = form.page === 'pdf-with-extension' ? 'pdf' : form.page;
        const suffix = form.page === 'pdf-with-extension' ? '.pdf' : form.trailingSlash ? '/' : '';
        const url = `${form.scheme}${form.host}/${page}/${id}${suffix}${form.tail}`;
        const expected = { ok: true, arxivId: stored, version: v };
        expect(parseArxivInput(id)).toEqual(expected);
        expect(parseArxivInput(`arXiv:${id}`)).toEqual(expected);
        expect(parseArxivInput(`${form.surroundingSpace}${url}${form.surroundingSpace}`)).toEqual(expected);
      }),
    );
  });

  it.each([
    // New style: 4 digits after the dot from 0704 to 1412, 5 digits from 1501.
    ['0704.0001', '0704.0001', null],
    ['1412.9999', '1412.9999', null],
    ['1501.00001', '1501.00001', null],
    ['2401.12345v2', '2401.12345', 2],
    ['1501.00001v12', '1501.00001', 12],
    // Old style, with and without the subject class, which arXiv drops from the id.
    ['math/0211159', 'math/0211159', null],
    ['hep-th/9901001', 'hep-th/9901001', null],
    ['hep-th/9901001v1', 'hep-th/9901001', 1],
    ['math.GT/0309136', 'math/0309136', null],
    ['math.GT/0309136v2', 'math/0309136', 2],
    ['cs.AI/0101001', 'cs/0101001', null],
    ['hep-ex.EX/0406020', 'hep-ex/0406020', null],
    // Links, with and without scheme, on every host, to every page of a paper.
    ['arxiv.org/abs/1710.08557', '1710.08557', null],
    ['www.arxiv.org/abs/1710.08557', '1710.08557', null],
    ['export.arxiv.org/abs/1710.08557v1', '1710.08557', 1],
    ['http://arxiv.org/abs/1710.08557', '1710.08557', null],
    ['https://www.arxiv.org/pdf/2401.12345v3.pdf', '2401.12345', 3],
    ['https://arxiv.org/pdf/1710.08557', '1710.08557', null],
    ['https://arxiv.org/html/1710.08557v2/', '1710.08557', 2],
    ['https://arxiv.org/format/1710.08557', '1710.08557', null],
    ['https://export.arxiv.org/abs/hep-th/9901001v2', 'hep-th/9901001', 2],
    ['https://arxiv.org/abs/hep-ex.EX/0406020', 'hep-ex/0406020', null],
    ['arxiv.org/pdf/math.GT/0309136v1.pdf', 'math/0309136', 1],
    ['HTTPS://ARXIV.ORG/ABS/1710.08557', '1710.08557', null],
    ['https://arxiv.org/abs/1710.08557/', '1710.08557', null],
    ['https://arxiv.org/abs/2401.12345?context=cs.AI#refs', '2401.12345', null],
    ['https://arxiv.org/abs/2401.12345#refs', '2401.12345', null],
    // As papers cite them, and with space around.
    ['arXiv:1710.08557', '1710.08557', null],
    ['arXiv: 1710.08557v3', '1710.08557', 3],
    ['ARXIV:hep-th/9901001', 'hep-th/9901001', null],
    ['  1710.08557\n', '1710.08557', null],
    ['\thttps://arxiv.org/abs/1710.08557 ', '1710.08557', null],
  ])('reads %j as %s, version %s', (input, arxivId, v) => {
    expect(parseArxivInput(input)).toEqual({ ok: true, arxivId, version: v });
  });

  it('refuses empty input with the scraper message', () => {
    for (const input of ['', '   ', '\n'])
      expect(parseArxivInput(input)).toEqual({
        ok: false,
        problem: 'empty',
        message: 'Please enter a paper ID or URL',
      });
  });

  it.each([
    'abc',
    '2401.123',
    '2401.123456',
    '24011.2345',
    'HEP-TH/9901001',
    'hep-th/990100',
    'hep-th/99010011',
    'math.gt/0309136',
    'math.GTX/0309136',
    '2401.12345v',
    '2401.12345v0',
    '2401.12345v2v3',
    'arXiv:',
    'arXiv:abc',
    'https://example.org/abs/2401.12345',
    'https://arxiv.org.evil.example/abs/2401.12345',
    'evilarxiv.org/abs/2401.12345',
    'https://evil.example/arxiv.org/abs/2401.12345',
    'ftp://arxiv.org/abs/2401.12345',
    '//arxiv.org/abs/2401.12345',
    'javascript:alert(1)//arxiv.org/abs/2401.12345',
    'https://arxiv.org/list/cs.AI/new',
    'https://arxiv.org/abs/',
    'https://arxiv.org/abs/2401.12345/extra',
    'https://arxiv.org/abs/2401.12345 2401.12346',
    '2401.12345 2401.12346',
  ])('refuses %j with a message that says what is expected', (input) => {
    const parsed = parseArxivInput(input);
    expect(parsed).toMatchObject({ ok: false, problem: 'unrecognised' });
    expect(parsed.ok ? '' : parsed.message).toMatch(/2401\.12345.*hep-th\/9901001.*arxiv\.org/);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(fc.property(fc.string(), (input) => typeof parseArxivInput(input).ok === 'boolean'));
  });
});

describe('parseArxivId and parsePaperRef', () => {
  it('name an old-style paper typed with its subject class by the id arXiv gives it', () => {
    expect(parseArxivId('hep-ex.EX/0406020v1')).toEqual({ arxivId: 'hep-ex/0406020', version: 1 });
    expect(parsePaperRef('hep-ex.EX/0406020')).toEqual({ kind: 'arxiv', arxivId: 'hep-ex/0406020' });
    expect(parsePaperRef('hep-ex/0406020')).toEqual({ kind: 'arxiv', arxivId: 'hep-ex/0406020' });
  });

  it('take a bare id only: links and citations are for what an admin pastes', () => {
    for (const input of ['arXiv:2401.12345', 'arxiv.org/abs/2401.12345']) {
      expect(parseArxivId(input)).toBeNull();
      expect(parsePaperRef(input)).toBeNull();
    }
  });
});
