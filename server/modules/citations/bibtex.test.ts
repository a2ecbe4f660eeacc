import { type Creator, type Entry, parse } from '@retorquere/bibtex-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDemoPapers } from '../ingest/seed.js';
import { type CitedPaper, formatBibtex } from './bibtex.js';

const paper = (overrides: Partial<CitedPaper> = {}): CitedPaper => ({
  arxivId: '1706.03762',
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer'],
  submittedDate: '2017-06-12',
  primaryCategory: 'cs.CL',
  ...overrides,
});

/**
 * Whether BibTeX itself finds where each field ends: it counts every brace, escaped or not, so each
 * field's value must balance on its own.
 */
function bracesBalancePerField(text: string): boolean {
  return text
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .every((line) => {
      let depth = 0;
      for (const char of line.slice(line.indexOf('{') + 1, line.lastIndexOf('}'))) {
        depth += char === '{' ? 1 : char === '}' ? -1 : 0;
        if (depth < 0) return false;
      }
      return depth === 0;
    });
}

/**
 * The one entry a BibTeX parser reads from the text, failing on any parse error. `english: false`
 * keeps titles as written; the default sentence-cases them, as many bibliography styles do.
 */
function parsed(text: string, options: { sentenceCase?: boolean } = {}): Entry {
  expect(bracesBalancePerField(text), text).toBe(true);
  const library = parse(text, options.sentenceCase ? {} : { english: false });
  expect(library.errors).toEqual([]);
  expect(library.entries).toHaveLength(1);
  return library.entries[0] as Entry;
}

/** TeX commands that read or write files, run programs, or redefine TeX; none may reach a .bib file. */
const UNSAFE_COMMAND =
  /\\(?:input|include|immediate|write|openout|openin|read|catcode|def|edef|gdef|xdef|let|csname|special|usepackage|newcommand|renewcommand|makeatletter|endinput)(?![A-Za-z])/;

const cite = (overrides: Partial<CitedPaper> = {}) => parsed(formatBibtex(paper(overrides)).text);
const nameParts = (creator: Creator) =>
  creator.name ?? [creator.prefix, creator.lastName, creator.suffix, creator.firstName].filter(Boolean).join(' | ');

describe('the BibTeX entry of a paper', () => {
  it('is an @misc entry with the arXiv fields, read back as the paper gives them', () => {
    const { text, key } = formatBibtex(paper());
    const entry = parsed(text);
    expect(entry.type).toBe('misc');
    expect(entry.key).toBe(key);
    expect(key).toBe('vaswani2017attention');
    expect(entry.fields).toEqual({
      title: 'Attention Is All You Need',
      author: [
        { lastName: 'Vaswani', firstName: 'Ashish' },
        { lastName: 'Shazeer', firstName: 'Noam' },
      ],
      year: '2017',
      eprint: '1706.03762',
      archiveprefix: 'arXiv',
      primaryclass: 'cs.CL',
      url: 'https://arxiv.org/abs/1706.03762',
    });
  });

  it('cites an old-style arXiv id as it is', () => {
    const entry = cite({ arxivId: 'hep-th/9901001', primaryCategory: 'hep-th' });
    expect(entry.fields).toMatchObject({ eprint: 'hep-th/9901001', url: 'https://arxiv.org/abs/hep-th/9901001' });
  });

  it('adds the DOI and the journal reference (as a note) when arXiv gives them', () => {
    const entry = cite({
      doi: '10.1103/PhysRevD.76.013009 10.1000/second',
      journalRef: 'Phys. Rev. D 76, 013009 (2007) & Erratum',
    });
    expect(entry.fields.doi).toBe('10.1103/PhysRevD.76.013009');
    expect(entry.fields.note).toBe('Phys. Rev. D 76, 013009 (2007) & Erratum');
  });

  it('leaves out a DOI that is not one, rather than altering it', () => {
    expect(cite({ doi: 'see the journal {site}' }).fields.doi).toBeUndefined();
    expect(cite({ doi: '10.1000/a}b' }).fields.doi).toBeUndefined();
  });

  it.each([
    ['ampersand and percent', 'R&D at 50% of the Cost'],
    ['dollar, hash and underscore', 'Save $5 on #1 snake_case Models'],
    ['balanced braces', 'Sets {a, b} and {c}'],
    ['an unbalanced opening brace', 'A { Without Its Pair'],
    ['an unbalanced closing brace', 'A } Without Its Pair, Then {'],
    ['backslashes', 'Paths like C:\\data\\ and \\emph Commands'],
    ['tilde and caret', 'About ~3x Faster, 2^10 Steps'],
    ['angle brackets and bars', 'When x < y > z | w'],
    ['accents and other scripts', 'Über Café: 中文标题 and عنوان عربي'],
    ['prices that are not math', 'From $20,000 to $30,000 and $ 5 $'],
  ])('keeps a title with %s as written', (_name, title) => {
    expect(cite({ title }).fields.title).toBe(title);
  });

  it('keeps inline math for LaTeX to typeset', () => {
    const { text } = formatBibtex(paper({ title: 'Attention in $O(n^2)$ Time and $50\\%$ Memory' }));
    expect(text).toContain('{$O(n^2)$} Time and {$50\\%$} Memory');
    expect(parsed(text).fields.title).toBe('Attention in O(n²) Time and 50% Memory');
  });

  it.each([
    ['a font and a bound', '$\\mathcal{O}(T)$'],
    ['Greek letters, operators and a fraction', '$\\alpha\\cdot\\beta \\le \\sqrt{\\frac{1}{2}}$'],
    ['blackboard bold and a product', '$\\mathbb{R}^{n \\times d}$'],
    ['a sum and a logarithm', '$\\sum_{i=1}^n \\log p_i$'],
    ['text in math', '$\\textit{Agents Under Siege}$'],
    ['a thin space and braces', '$\\mathrm{softmax}\\,\\{x\\}$'],
  ])('keeps math with %s for LaTeX to typeset', (_name, math) => {
    expect(formatBibtex(paper({ title: `On ${math} Bounds` })).text).toContain(`{${math}}`);
  });

  it.each([
    ['a file read', 'Leaking $\\input{/etc/passwd}$ Now'],
    ['a shell escape', 'Owned $\\immediate\\write18{rm -rf ~}$ Title'],
    ['an include', '$\\include{secrets}$ Inside'],
    ['a file opened for writing', 'Write $\\openout5=evil.tex$ There'],
    ['a category code change', 'Chaos $\\catcode`\\^=7$ Here'],
    ['a definition', '$\\def\\x{\\input{/etc/passwd}}\\x$ Title'],
    ['a command made from its name', '$\\csname input\\endcsname{/etc/passwd}$'],
    ['a command between allowed ones', '$\\alpha + \\input{x} + \\beta$'],
    ['a backslash spelled with ^^', 'Sneaky $^^5cinput{/etc/passwd}$'],
    ['a line break', 'Two $a \\\\ b$ Lines'],
    ['a command with a non-ASCII letter', 'Odd $\\éval$ Name'],
    ['a backslash before the closing dollar', 'Cost $x\\$ Here'],
  ])('prints math holding %s as text', (_name, title) => {
    const { text } = formatBibtex(paper({ title }));
    expect(text).not.toMatch(UNSAFE_COMMAND);
    expect(parsed(text).fields.title).toBe(title);
  });

  it('treats math whose braces do not balance as text', () => {
    const title = 'Bounds on $\\{x$ and $y\\}$';
    expect(cite({ title }).fields.title).toBe(title);
  });

  it('collapses newlines, tabs and runs of spaces', () => {
    const entry = cite({
      title: '  Long\n  Title\tAcross   Lines ',
      authors: ['Ada\n Lovelace'],
      journalRef: 'J.\nX  1',
    });
    expect(entry.fields.title).toBe('Long Title Across Lines');
    expect(entry.fields.author).toEqual([{ lastName: 'Lovelace', firstName: 'Ada' }]);
    expect(entry.fields.note).toBe('J. X 1');
  });

  it('keeps acronyms and mixed-case words when a style sentence-cases the title', () => {
    const text = formatBibtex(paper({ title: 'LLM Agents Beat GPT-4 on ImageNet (ViT), Again' })).text;
    expect(parsed(text, { sentenceCase: true }).fields.title).toBe('LLM agents beat GPT-4 on ImageNet (ViT), again');
  });
});

describe('the authors of the entry', () => {
  it.each([
    ['José Müller', 'Müller | José'],
    ['Łukasz Kaiser', 'Kaiser | Łukasz'],
    ['Wei Zhang', 'Zhang | Wei'],
    ['王伟', '王伟'],
    ['محمد علي', 'علي | محمد'],
    ['Ludwig van Beethoven', 'van | Beethoven | Ludwig'],
    ['Charles de la Vallée Poussin', 'de la | Vallée Poussin | Charles'],
    ['Martin Luther King Jr.', 'King | Jr. | Martin Luther'],
    ['King, Jr., Martin Luther', 'King | Jr. | Martin Luther'],
    ['Smith, John', 'Smith | John'],
    ['A. N. Other', 'Other | A. N.'],
    ['ATLAS Collaboration', 'ATLAS Collaboration'],
    ['Research and Development Team', 'Research and Development Team'],
    ['Sandy and Andy Ward', 'and | Andy Ward | Sandy'],
    // Real authors of the digest: an apostrophe and an accent after a word that alone would mark a company.
    ["Moreno D'Incà", "D'Incà | Moreno"],
    ['Sander van der Linden', 'van der | Linden | Sander'],
    ['Maria de Lourdes M. Silva', 'de | Lourdes M. Silva | Maria'],
    ['Pau de Jorge', 'de | Jorge | Pau'],
    ['Alcides Alcoba Inciarte', 'Inciarte | Alcides Alcoba'],
    ['Inception Labs', 'Labs | Inception'],
    ['Acme Inc.', 'Acme Inc.'],
  ])('reads "%s" back as %s', (name, parts) => {
    const authors = cite({ authors: [name] }).fields.author ?? [];
    expect(authors.map(nameParts)).toEqual([parts]);
  });

  it('lists every author of a very long list, in order', () => {
    const authors = Array.from({ length: 500 }, (_, i) => `Author${i} Family${i}`);
    const read = cite({ authors }).fields.author ?? [];
    expect(read.map((creator) => `${creator.firstName} ${creator.lastName}`)).toEqual(authors);
  });

  it('leaves the author field out of a paper without authors', () => {
    expect(cite({ authors: [] }).fields.author).toBeUndefined();
  });
});

describe('the citation key', () => {
  it.each([
    [['José Müller'], 'Über die Analysis', 'muller2017uber'],
    [['Łukasz Kaiser'], 'One Model To Learn Them All', 'kaiser2017one'],
    [['Ludwig van Beethoven'], 'On the Symphony', 'beethoven2017symphony'],
    [["Moreno D'Incà"], 'Harnessing Textual Refusal Directions', 'dinca2017harnessing'],
    [['王伟'], 'A Survey of Agents', 'arxiv2017survey'],
    [[], '$k$-Means, Again', 'arxiv2017means'],
    [['ATLAS Collaboration'], 'Observation of a New Particle', 'atlascollaboration2017observation'],
  ])('for %j and "%s" is %s', (authors, title, key) => {
    expect(formatBibtex(paper({ authors, title })).key).toBe(key);
  });
});

describe('the entries of the 600 real demo papers', () => {
  it('parse, with their titles, authors, DOIs and journal references', async () => {
    const papers = await readDemoPapers();
    const cited = papers.map((arxiv) => ({
      arxiv,
      fields: parsed(
        formatBibtex({
          ...arxiv,
          authors: arxiv.authors.map((author) => author.name),
          submittedDate: arxiv.published.slice(0, 10),
        }).text,
      ).fields,
    }));
    for (const { arxiv, fields } of cited) {
      expect(fields.eprint).toBe(arxiv.arxivId);
      expect(fields.author ?? []).toHaveLength(arxiv.authors.length);
      // TeX in a title (math, -- dashes, `` quotes) is typeset, so only plain titles come back as written.
      if (!/[$`']|--/.test(arxiv.title)) expect(fields.title, arxiv.arxivId).toBe(arxiv.title);
      expect(fields.doi, arxiv.arxivId).toBe(arxiv.doi?.split(' ')[0]);
      expect(fields.note, arxiv.arxivId).toBe(arxiv.journalRef ?? undefined);
    }
    expect(cited.filter(({ fields }) => fields.doi).length).toBeGreaterThan(0);
    expect(cited.filter(({ fields }) => fields.note).length).toBeGreaterThan(0);
  });
});

/** Letters of several scripts, spaces and every character TeX gives a meaning (but `$`, which may open math). */
const titleCharacters = fc.constantFrom(...'aZé Ł王م 1.,:()\n\t\\{}&%#_~^<>|'.split(''));

describe('any title and authors', () => {
  it('give one entry that parses, with a plain key, the title as written and every author', () => {
    const name = fc.string({ unit: fc.constantFrom(...'aBéŁ王م&%_{}\\ '.split('')), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(
        fc.string({ unit: titleCharacters, maxLength: 80 }),
        fc.array(name, { maxLength: 5 }),
        (title, names) => {
          fc.pre(title.trim() !== '');
          const { key, text } = formatBibtex(paper({ title, authors: names }));
          const entry = parsed(text);
          expect(key).toMatch(/^[a-z][a-z0-9]*$/);
          expect(entry.fields.title).toBe(title.replace(/\s+/g, ' ').trim());
          expect(entry.fields.author ?? []).toHaveLength(names.filter((n) => n.trim() !== '').length);
        },
      ),
    );
  });
});

/** Pieces of math, harmless and hostile, and the characters that open, close and escape it. */
const mathPieces = fc.constantFrom(
  ...['$', ' ', 'x', '2', '^', '^^5c', '{', '}', '\\', '%', '\\alpha', '\\frac', '\\{', '\\input', '\\write18'],
);

describe('any title with math', () => {
  it('gives one entry that parses, with no command that reads, writes or redefines', () => {
    fc.assert(
      fc.property(fc.array(mathPieces, { minLength: 1, maxLength: 30 }), (pieces) => {
        const title = pieces.join('');
        fc.pre(title.trim() !== '');
        const { text } = formatBibtex(paper({ title }));
        expect(text).not.toMatch(UNSAFE_COMMAND);
        parsed(text);
      }),
    );
  });
});
