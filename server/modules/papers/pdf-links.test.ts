import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

const EDIT = { version: 3, title: 'Edited title', abstract: 'Edited abstract.' };

describe.each(testDatabaseKinds)("a paper's PDF link as an admin edits it, on $name", (kind) => {
  const target = useTestApp(kind);
  let admin: string;
  const paper = async () => (await requestAs(target.app, null, 'GET', '/api/papers/2401.00001')).json();
  const edit = (pdfUrl: string) => requestAs(target.app, admin, 'PUT', '/api/papers/2401.00001', { ...EDIT, pdfUrl });

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-02' });
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://arxiv.org/pdf/2401.00001',
    'arxiv.org/pdf/2401.00001',
  ])('refuses %j with 400 saying what a link must be, changing nothing', async (pdfUrl) => {
    const before = await paper();
    const response = await edit(pdfUrl);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      message: 'Invalid request: body.pdfUrl: must be an http or https link',
    });
    expect(await paper()).toEqual(before);
  });

  it.each(['https://arxiv.org/pdf/2401.00001v3', 'http://example.org/papers/2401.00001.pdf'])(
    'stores %s',
    async (pdfUrl) => {
      expect((await edit(pdfUrl)).statusCode).toBe(200);
      expect((await paper()).pdfUrl).toBe(pdfUrl);
    },
  );
});
