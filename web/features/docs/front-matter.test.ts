import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP, parseFrontMatter, slugify, toFrontMatter } from './front-matter.js';

describe('parseFrontMatter', () => {
  it('reads key: value lines between the fences and returns the body after them', () => {
    const { data, body } = parseFrontMatter(
      '---\ntitle: Installation\ngroup: getting-started\norder: 2\n---\n\n# Installation\n',
    );
    expect(data).toEqual({ title: 'Installation', group: 'getting-started', order: '2' });
    expect(body).toBe('\n# Installation\n');
  });

  it('accepts quoted values, Windows line ends, a byte order mark and colons in values', () => {
    const { data } = parseFrontMatter(
      '\uFEFF---\r\ntitle: "Search: how it ranks"\r\ngroup: \'digest-api\'\r\n---\r\nText',
    );
    expect(data).toEqual({ title: 'Search: how it ranks', group: 'digest-api' });
  });

  it('treats a file without front matter, or with an unclosed block, as all body', () => {
    expect(parseFrontMatter('# Title\n\nText')).toEqual({ data: {}, body: '# Title\n\nText' });
    expect(parseFrontMatter('---\ntitle: x\nno end').data).toEqual({});
  });
});

describe('toFrontMatter', () => {
  it('parses the order as a number', () => {
    expect(toFrontMatter({ title: 'Papers', group: 'digest-api', order: '1' }, '', 'papers')).toEqual({
      title: 'Papers',
      group: 'digest-api',
      order: 1,
    });
  });

  it('falls back to the first heading or the file name, the default group and the end of the group', () => {
    const fromHeading = toFrontMatter({}, 'Intro\n\n# The real title\n\n## Later', 'page');
    expect(fromHeading).toEqual({ title: 'The real title', group: DEFAULT_GROUP, order: Number.MAX_SAFE_INTEGER });
    expect(toFrontMatter({ order: 'soon' }, 'No heading', 'my-page').title).toBe('my-page');
    expect(toFrontMatter({ order: 'soon' }, '', 'my-page').order).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('slugify', () => {
  it('makes fragment ids in any script', () => {
    expect(slugify('Install and start')).toBe('install-and-start');
    expect(slugify('`page` is not a positive integer!')).toBe('page-is-not-a-positive-integer');
    expect(slugify('ما الذي يحتويه الموقع')).toBe('ما-الذي-يحتويه-الموقع');
    expect(slugify('كيف بُني')).toBe('كيف-بني');
  });
});
