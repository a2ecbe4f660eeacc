// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

/** The feed as a strict XML parser reads it, or an error naming what makes it ill-formed. */
function parseXml(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const error = document.querySelector('parsererror');
  if (error) throw new Error(`ill-formed XML: ${error.textContent}`);
  return document;
}

describe.each(testDatabaseKinds)('digest feed on $name', (kind) => {
  it('stays well-formed XML when a title or abstract holds control characters, and drops them', async () => {
    await withTestApp(kind, {}, async (target) => {
      await addPaper(target.handle, {
        arxiv_id: '2612.06666',
        submitted_date: '2099-03-01',
        title: 'Bell\u0007 and\u0001 escape\u001b[0m & <tags>',
        abstract: 'Form\u000c feed,\u0008 backspace\ttab.',
      });
      const response = await target.app.inject('/feeds/ai-digest.xml');
      expect(response.statusCode).toBe(200);
      const item = parseXml(response.body).querySelector('item');
      expect(item?.querySelector('title')?.textContent).toBe('Bell and escape[0m & <tags>');
      expect(item?.querySelector('description')?.textContent).toBe('Form feed, backspace tab.');
    });
  });
});
