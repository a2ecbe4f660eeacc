import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(testDatabaseKinds)('category writes on $name', (kind) => {
  const target = useTestApp(kind);
  let admin: string;
  let reader: string;
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const names = async () => (await as(null, 'GET', '/api/categories')).json() as string[];
  const paper = async (arxivId: string) => (await as(null, 'GET', `/api/papers/${arxivId}`)).json();

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    reader = await signedInAs(target, 'user', 'reader@example.org');
    await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-02' });
    await as(admin, 'POST', '/api/papers/2401.00001/categories', { categories: ['Mathematics', 'Agents/Tools'] });
  });

  it('answers 401 to visitors and 403 to readers before looking at the request', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/categories', { name: 'New' }],
      ['POST', '/api/categories', { name: '' }],
      ['DELETE', '/api/categories/Mathematics', undefined],
      ['DELETE', '/api/categories/Nothing', undefined],
    ] as const) {
      expect((await as(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(reader, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await names()).toEqual(['Agents/Tools', 'Mathematics']);
  });

  it('adds a trimmed category, and answers created false for a name that exists', async () => {
    const created = await as(admin, 'POST', '/api/categories', { name: '  Robotics ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ created: true, category: 'Robotics', message: 'Category created' });
    expect(await names()).toContain('Robotics');

    const again = await as(admin, 'POST', '/api/categories', { name: 'Robotics' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, category: 'Robotics' });
  });

  it.each([{ name: '' }, { name: '   ' }, {}, { name: 'x'.repeat(101) }])('refuses %j with 400', async (body) => {
    const before = await names();
    expect((await as(admin, 'POST', '/api/categories', body)).statusCode).toBe(400);
    expect(await names()).toEqual(before);
  });

  it('deletes a category, unlinking it from its papers and changing nothing else', async () => {
    const before = await paper('2401.00001');
    const response = await as(admin, 'DELETE', '/api/categories/Mathematics');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Category deleted' });
    expect(await names()).not.toContain('Mathematics');
    expect(await paper('2401.00001')).toEqual({ ...before, categories: [{ name: 'Agents/Tools' }] });
    expect((await as(null, 'GET', '/api/papers?category=Mathematics')).json().papers).toEqual([]);
  });

  it('deletes a name holding a slash, sent encoded; an unknown name is 404', async () => {
    expect((await as(admin, 'DELETE', '/api/categories/Agents%2FTools')).statusCode).toBe(200);
    expect((await paper('2401.00001')).categories).toEqual([]);
    expect((await as(admin, 'DELETE', '/api/categories/Agents%2FTools')).statusCode).toBe(404);
  });
});
