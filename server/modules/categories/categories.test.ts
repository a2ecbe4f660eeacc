import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addPaper } from '../../test/papers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabaseKinds)('category writes on $name', (kind) => {
  const target = useTestApp(kind);
  let admin: string;
  let reader: string;
  const as = (cookie: string | null, method: Method, url: string, payload?: object) =>
    requestAs(target.app, cookie, method, url, payload);
  const names = async () => (await as(null, 'GET', '/api/categories')).json() as string[];
  const paper = async (arxivId: string) => (await as(null, 'GET', `/api/papers/${arxivId}`)).json();
  const withArabic = async () => (await as(null, 'GET', '/api/categories/names')).json();

  beforeAll(async () => {
    admin = await signedInAs(target, 'admin', 'admin@example.org');
    reader = await signedInAs(target, 'user', 'reader@example.org');
    await addPaper(target.handle, { arxiv_id: '2401.00001', submitted_date: '2024-01-02' });
    await as(admin, 'POST', '/api/papers/2401.00001/categories', { categories: ['Mathematics', 'Agents/Tools'] });
  });

  it('answers 401 to visitors and 403 to readers before looking at the request', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/categories', undefined],
      ['POST', '/api/categories', { name: 'New' }],
      ['POST', '/api/categories', { name: '' }],
      ['DELETE', '/api/categories/Mathematics', undefined],
      ['DELETE', '/api/categories/Nothing', undefined],
      ['PUT', '/api/categories/Mathematics', { nameAr: 'رياضيات' }],
      ['PUT', '/api/categories/Mathematics', { nameAr: '' }],
      ['PUT', '/api/categories/Nothing', { nameAr: 'لا شيء' }],
    ] as const) {
      expect((await as(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(reader, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await names()).toEqual(['Agents/Tools', 'Mathematics']);
    expect(await withArabic()).toEqual([
      { name: 'Agents/Tools', nameAr: null },
      { name: 'Mathematics', nameAr: 'الرياضيات' },
    ]);
  });

  it('gives a new category the Arabic name the site ships for it, and none to a name it does not know', async () => {
    for (const name of ['Reinforcement Learning', 'Quantum Knitting']) {
      expect((await as(admin, 'POST', '/api/categories', { name })).statusCode).toBe(201);
    }
    expect(await withArabic()).toEqual(
      expect.arrayContaining([
        { name: 'Reinforcement Learning', nameAr: 'التعلّم المعزَّز' },
        { name: 'Quantum Knitting', nameAr: null },
      ]),
    );
  });

  it("sets a category's Arabic name, trimmed, shown on its papers at once; null removes it", async () => {
    const set = await as(admin, 'PUT', '/api/categories/Agents%2FTools', { nameAr: '  الوكلاء والأدوات ' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ name: 'Agents/Tools', nameAr: 'الوكلاء والأدوات' });
    expect((await paper('2401.00001')).categories).toContainEqual({ name: 'Agents/Tools', nameAr: 'الوكلاء والأدوات' });
    const listed = (await as(null, 'GET', '/api/papers?category=Agents%2FTools')).json().papers;
    expect(listed[0].categories).toContainEqual({ name: 'Agents/Tools', nameAr: 'الوكلاء والأدوات' });

    const removed = await as(admin, 'PUT', '/api/categories/Agents%2FTools', { nameAr: null });
    expect(removed.json()).toEqual({ name: 'Agents/Tools', nameAr: null });
    expect((await paper('2401.00001')).categories).toContainEqual({ name: 'Agents/Tools', nameAr: null });
  });

  it.each([
    ['a blank name', { nameAr: '   ' }],
    ['a name past 100 characters', { nameAr: 'ب'.repeat(101) }],
    ['no name', {}],
    ['a name that is no text', { nameAr: 7 }],
  ])('refuses %s with 400, changing nothing', async (_case, body) => {
    const before = await withArabic();
    const response = await as(admin, 'PUT', '/api/categories/Mathematics', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expect(await withArabic()).toEqual(before);
  });

  it('answers 404 for the Arabic name of a category that does not exist, creating nothing', async () => {
    const response = await as(admin, 'PUT', '/api/categories/Nothing', { nameAr: 'لا شيء' });
    expect(response.statusCode).toBe(404);
    expect(await names()).not.toContain('Nothing');
  });

  it('leaves the content version as it was when a write changes nothing: an unknown name, or one that exists', async () => {
    const contentVersion = async () => (await target.services.papersRepo.stats()).content_version;
    const before = await contentVersion();
    expect((await as(admin, 'PUT', '/api/categories/Nothing', { nameAr: 'لا شيء' })).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', '/api/categories/Nothing')).statusCode).toBe(404);
    expect((await as(admin, 'POST', '/api/categories', { name: 'Mathematics' })).json()).toMatchObject({
      created: false,
    });
    expect(await contentVersion()).toBe(before);
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

  it('lists every category to admins with how many papers carry it, none counting as 0', async () => {
    await addPaper(target.handle, { arxiv_id: '2401.00002', submitted_date: '2024-01-03' });
    await as(admin, 'POST', '/api/papers/2401.00002/categories', { categories: ['Mathematics'] });
    const response = await as(admin, 'GET', '/api/admin/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { name: 'Agents/Tools', nameAr: null, paperCount: 1 },
      { name: 'Mathematics', nameAr: 'الرياضيات', paperCount: 2 },
      { name: 'Quantum Knitting', nameAr: null, paperCount: 0 },
      { name: 'Reinforcement Learning', nameAr: 'التعلّم المعزَّز', paperCount: 0 },
      { name: 'Robotics', nameAr: 'الروبوتات', paperCount: 0 },
    ]);
  });

  it('deletes a category, unlinking it from its papers and changing nothing else', async () => {
    const before = await paper('2401.00001');
    const response = await as(admin, 'DELETE', '/api/categories/Mathematics');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Category deleted' });
    expect(await names()).not.toContain('Mathematics');
    expect(await paper('2401.00001')).toEqual({ ...before, categories: [{ name: 'Agents/Tools', nameAr: null }] });
    expect((await as(null, 'GET', '/api/papers?category=Mathematics')).json().papers).toEqual([]);
  });

  it('deletes a name holding a slash, sent encoded; an unknown name is 404', async () => {
    expect((await as(admin, 'DELETE', '/api/categories/Agents%2FTools')).statusCode).toBe(200);
    expect((await paper('2401.00001')).categories).toEqual([]);
    expect((await as(admin, 'DELETE', '/api/categories/Agents%2FTools')).statusCode).toBe(404);
  });

  it('renames a category: its papers carry the new name, trimmed, and keep its Arabic name', async () => {
    await addPaper(target.handle, { arxiv_id: '2401.00003', submitted_date: '2024-01-04' });
    await as(admin, 'POST', '/api/papers/2401.00003/categories', { categories: ['Robotics'] });
    const renamed = await as(admin, 'PUT', '/api/categories/Robotics', { name: '  Robot Learning ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ name: 'Robot Learning', nameAr: 'الروبوتات' });
    expect((await paper('2401.00003')).categories).toEqual([{ name: 'Robot Learning', nameAr: 'الروبوتات' }]);
    expect((await as(null, 'GET', '/api/papers?category=Robot%20Learning')).json().papers).toHaveLength(1);
    expect(await names()).not.toContain('Robotics');
    expect((await as(admin, 'PUT', '/api/categories/Robotics', { name: 'Again' })).statusCode).toBe(404);

    const both = await as(admin, 'PUT', '/api/categories/Robot%20Learning', {
      name: 'Robots/Learning',
      nameAr: 'تعلّم الروبوتات',
    });
    expect(both.json()).toEqual({ name: 'Robots/Learning', nameAr: 'تعلّم الروبوتات' });
    expect((await paper('2401.00003')).categories).toEqual([{ name: 'Robots/Learning', nameAr: 'تعلّم الروبوتات' }]);
  });

  it('refuses to rename a category to a name another one has, with 409, changing nothing', async () => {
    const before = await as(admin, 'GET', '/api/admin/categories');
    const response = await as(admin, 'PUT', '/api/categories/Quantum%20Knitting', { name: 'Robots/Learning' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'category_exists',
      message: 'Category "Robots/Learning" already exists',
    });
    expect((await as(admin, 'GET', '/api/admin/categories')).json()).toEqual(before.json());
  });

  it.each([
    ['a blank name', { name: '  ' }],
    ['a name past 100 characters', { name: 'x'.repeat(101) }],
  ])('refuses a rename to %s with 400', async (_case, body) => {
    const before = await names();
    expect((await as(admin, 'PUT', '/api/categories/Quantum%20Knitting', body)).statusCode).toBe(400);
    expect(await names()).toEqual(before);
  });
});
