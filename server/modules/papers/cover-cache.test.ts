import { beforeAll, describe, expect, it } from 'vitest';
import { coverInputOf, coverVersion } from '../../../common/cover.js';
import { paperDetailSchema } from '../../../common/papers.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

const ARXIV_ID = '2401.00001';
const FOR_A_YEAR = 'public, max-age=31536000, immutable';
const BRIEFLY = 'public, max-age=300';

describe.each(testDatabaseKinds)('paper covers in caches on $name', (kind) => {
  const target = useTestApp(kind);
  let admin: string;
  const get = (url: string, headers: Record<string, string> = {}) => target.app.inject({ method: 'GET', url, headers });
  /** The cover URL the site's pages give the paper as the API answers it now. */
  const coverUrlNow = async () => {
    const paper = paperDetailSchema.parse((await get(`/api/papers/${ARXIV_ID}`)).json());
    return `/api/image/${ARXIV_ID}/data?v=${coverVersion(coverInputOf(paper))}`;
  };
  const editTitle = async (title: string) => {
    const edit = { version: 2, title, pdfUrl: 'https://arxiv.org/pdf/2401.00001v2', abstract: 'An abstract.' };
    expect((await requestAs(target.app, admin, 'PUT', `/api/papers/${ARXIV_ID}`, edit)).statusCode).toBe(200);
  };

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    await addPaper(target.handle, { arxiv_id: ARXIV_ID, submitted_date: '2024-01-01', title: 'The First Title' });
  });

  it('gives an edited paper a new cover URL, which serves the new cover; the old one is no longer kept', async () => {
    const before = await coverUrlNow();
    const first = await get(before);
    expect(first.headers['cache-control']).toBe(FOR_A_YEAR);
    expect(first.body).toContain('The First Title');

    await editTitle('The Edited Title');

    const after = await coverUrlNow();
    expect(after).not.toBe(before);
    const edited = await get(after);
    expect(edited.statusCode).toBe(200);
    expect(edited.headers['cache-control']).toBe(FOR_A_YEAR);
    expect(edited.body).toContain('The Edited Title');
    expect(edited.headers.etag).not.toBe(first.headers.etag);

    // A page cached before the edit still names the old version: it gets the new cover, kept briefly.
    const stale = await get(before);
    expect(stale.headers['cache-control']).toBe(BRIEFLY);
    expect(stale.body).toContain('The Edited Title');
  });

  it("prints the category in Arabic at the Arabic pages' URL, which is kept for a year like the English one", async () => {
    const paper = paperDetailSchema.parse((await get(`/api/papers/${ARXIV_ID}`)).json());
    const arabicInput = coverInputOf(paper, 'ar');
    expect(arabicInput.category).toBe('الرياضيات');
    const arabic = await get(`/api/image/${ARXIV_ID}/data?v=${coverVersion(arabicInput)}&lang=ar`);
    expect(arabic.headers['cache-control']).toBe(FOR_A_YEAR);
    expect(arabic.body).toContain('>الرياضيات</text>');
    const english = await get(await coverUrlNow());
    expect(english.body).toContain('>MATHEMATICS</text>');
    expect(english.headers.etag).not.toBe(arabic.headers.etag);
  });

  it('keeps the plain URL briefly and revalidates it with the ETag', async () => {
    const plain = await get(`/api/image/${ARXIV_ID}/data`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe(BRIEFLY);
    const etag = String(plain.headers.etag);

    const revalidated = await get(`/api/image/${ARXIV_ID}/data`, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    await editTitle('Edited Again');
    const changed = await get(`/api/image/${ARXIV_ID}/data`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Edited Again');
  });
});
