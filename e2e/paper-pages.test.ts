import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startDemoServer } from '../scripts/lib/production-server.js';
import { connectDatabase, type DbHandle } from '../server/db/connect.js';
import { escapeXml } from '../server/modules/seo/xml.js';
import { addPaper } from '../server/test/papers.js';

const stateOf = (html: string) =>
  /<script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null';

/** What a reader sees of the rendered root, entities decoded. */
function rootText(html: string): string {
  return html
    .slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-state"'))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('digest pages rendered by the built renderer, from the database', () => {
  let server: RunningServer & { dataDir: string };
  let db: DbHandle;

  beforeAll(async () => {
    server = await startDemoServer();
    db = connectDatabase({ databaseUrl: null, dataDir: server.dataDir });
  });
  afterAll(async () => {
    await db?.close();
    await server?.stop();
  });

  const page = async (path: string, locale = 'en') =>
    (await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: `locale=${locale}` } })).text();

  it('shows `$` in a title and an abstract as written, in the head, the page and its state', async () => {
    const title = "Graph $G$'s cost: $$ and $& in a title";
    const abstract = "We bound $f$ by $` and $' where $$n$$ grows.";
    await addPaper(db, { arxiv_id: '2612.05555', submitted_date: '2099-02-01', title, abstract });
    for (const path of ['/ai-digest', '/ai-digest/2612.05555']) {
      const html = await page(path);
      expect(html.match(/<html /g), path).toHaveLength(1);
      expect(rootText(html), path).toContain(title);
      expect(stateOf(html), path).toContain(JSON.stringify(title).replaceAll('<', '\\u003c'));
      expect(() => JSON.parse(stateOf(html)), path).not.toThrow();
    }
    const paperPage = await page('/ai-digest/2612.05555');
    expect(paperPage).toContain(`<meta property="og:title" content="${escapeXml(title)}`);
    expect(paperPage).toContain(`<meta property="og:description" content="${escapeXml(abstract)}" />`);
  });

  it('shows an edit to a paper on its page and on the list at the next request', async () => {
    await addPaper(db, { arxiv_id: '2612.05556', submitted_date: '2099-03-01', title: 'Before the edit' });
    for (const path of ['/ai-digest/2612.05556', '/ai-digest']) {
      expect(rootText(await page(path)), path).toContain('Before the edit');
      expect(rootText(await page(path)), path).toContain('Before the edit');
    }
    await db.db.updateTable('papers').set({ title: 'After the edit' }).where('arxiv_id', '=', '2612.05556').execute();
    for (const path of ['/ai-digest/2612.05556', '/ai-digest']) {
      expect(rootText(await page(path)), path).toContain('After the edit');
    }
  });

  it("renders an Arabic page in Arabic: dates, categories on covers and chips, the missing translation said, the paper's English marked", async () => {
    const title = 'A Paper Written in English';
    const abstract = 'An abstract that nobody has translated yet.';
    await addPaper(db, { arxiv_id: '2612.05557', submitted_date: '2099-04-01', title, abstract });
    const arabicPaper = await page('/ai-digest/2612.05557', 'ar');
    expect(arabicPaper).toContain('<html lang="ar" dir="rtl">');
    expect(rootText(arabicPaper)).toContain('1 أبريل 2099');
    expect(rootText(arabicPaper)).toContain('الرياضيات');
    expect(arabicPaper).toMatch(new RegExp(`<h1 lang="en" dir="ltr"[^>]*>${title}</h1>`));
    expect(rootText(arabicPaper)).toContain('الترجمة العربية لهذا المستخلص غير متاحة بعد.');
    expect(arabicPaper).toMatch(
      /<div lang="en" dir="ltr"[^>]*><p dir="ltr"[^>]*>An abstract that nobody has translated yet\.<\/p>/,
    );

    const englishPaper = await page('/ai-digest/2612.05557');
    expect(rootText(englishPaper)).toContain('April 1, 2099');
    expect(rootText(englishPaper)).not.toContain('translation of this abstract');

    // The newest paper leads the list: its cover prints its category in the page's language.
    const arabicCover = /<img src="([^"]+)"/.exec(await page('/ai-digest', 'ar'))?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(arabicCover).toMatch(/^\/api\/image\/2612\.05557\/data\?v=[\w-]+&lang=ar$/);
    expect(await (await fetch(`${server.baseUrl}${arabicCover}`)).text()).toContain('>الرياضيات</text>');
    const englishCover = /<img src="([^"]+)"/.exec(await page('/ai-digest'))?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(englishCover).toMatch(/^\/api\/image\/2612\.05557\/data\?v=[\w-]+$/);
    expect(await (await fetch(`${server.baseUrl}${englishCover}`)).text()).toContain('>MATHEMATICS</text>');
  });
});
