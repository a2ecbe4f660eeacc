import { beforeAll, describe, expect, it } from 'vitest';
import { type DigestSubscription, digestSubscriptionSchema } from '../../../common/digest-subscription.js';
import { nextClientAddress, requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addProcessedPaper, saveDigest } from '../../test/digest.js';
import { UNSUBSCRIBE_FAILURES_PER_CLIENT } from './service.js';

const STORED_AT = '2031-01-07T10:00:00.000Z';

describe.each(testDatabaseKinds)('digest subscription API on $name', (kind) => {
  const target = useTestApp(kind);
  let reader = '';

  const current = async (cookie = reader): Promise<DigestSubscription> => {
    const response = await requestAs(target.app, cookie, 'GET', '/api/digest-subscription');
    expect(response.statusCode).toBe(200);
    return digestSubscriptionSchema.parse(response.json());
  };

  beforeAll(async () => {
    reader = await signedInAs(target, 'user', 'rita@example.org');
    for (const [arxivId, categories] of [
      ['2101.00001', ['Robotics', 'Others']],
      ['2101.00002', ['Agents', 'Other']],
      ['2101.00003', ['Computer Vision']],
    ] as const) {
      await addProcessedPaper(target.handle, { arxivId, categories: [...categories], storedAt: STORED_AT });
    }
  });

  it('answers a visitor 401 on every reader route, whatever the body', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await requestAs(target.app, null, method, '/api/digest-subscription', { categories: 7 });
      expect(response.statusCode, method).toBe(401);
      expect(response.json().error).toBe('unauthenticated');
    }
  });

  it('offers every category but the catch-all ones, with their Arabic names, and no subscription at first', async () => {
    expect(await current()).toEqual({
      subscription: null,
      availableCategories: [
        { name: 'Agents', nameAr: null },
        { name: 'Computer Vision', nameAr: 'الرؤية الحاسوبية' },
        { name: 'Robotics', nameAr: 'الروبوتات' },
      ],
    });
  });

  it('follows categories with a frequency and a language, and answers them sorted', async () => {
    const response = await saveDigest(target.app, reader, {
      categories: ['Robotics', 'Agents', 'Robotics'],
      frequency: 'daily',
      language: 'ar',
    });
    expect(response.statusCode).toBe(200);
    const expected = { categories: ['Agents', 'Robotics'], frequency: 'daily', language: 'ar' };
    expect(digestSubscriptionSchema.parse(response.json()).subscription).toEqual(expected);
    expect((await current()).subscription).toEqual(expected);
  });

  it('is weekly by default, in the language the account was last used in', async () => {
    const other = await signedInAs(target, 'user', 'weekly@example.org');
    const response = await saveDigest(target.app, other, { categories: ['Computer Vision'] });
    expect(response.json().subscription).toEqual({
      categories: ['Computer Vision'],
      frequency: 'weekly',
      language: 'en',
    });
  });

  it('refuses an unknown or catch-all category, a bad frequency or language and too many names, changing nothing', async () => {
    const before = await current();
    const cases: [object, string, string][] = [
      [{ categories: ['Agents', 'Astrology'] }, 'unknown_category', 'body.categories'],
      [{ categories: ['Others'] }, 'unknown_category', 'body.categories'],
      [{ categories: ['Agents'], frequency: 'hourly' }, 'invalid_request', 'body.frequency'],
      [{ categories: ['Agents'], language: 'fr' }, 'invalid_request', 'body.language'],
      [{ categories: Array.from({ length: 51 }, (_, i) => `C${i}`) }, 'invalid_request', 'body.categories'],
      [{ categories: 'Agents' }, 'invalid_request', 'body.categories'],
      [{ frequency: 'daily' }, 'invalid_request', 'body.categories'],
    ];
    for (const [body, error, field] of cases) {
      const response = await saveDigest(target.app, reader, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toBe(error);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await current()).toEqual(before);
  });

  it('refuses a change sent from another site, changing nothing', async () => {
    const before = await current();
    const put = await saveDigest(target.app, reader, { categories: [] }, { origin: 'https://evil.example' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toBe('forbidden_origin');
    const del = await target.app.inject({
      method: 'DELETE',
      url: '/api/digest-subscription',
      headers: { cookie: reader, origin: 'https://evil.example' },
    });
    expect(del.statusCode).toBe(403);
    expect(await current()).toEqual(before);
  });

  it('ends the subscription when no category is left, and by DELETE', async () => {
    expect((await saveDigest(target.app, reader, { categories: [] })).json().subscription).toBeNull();
    expect((await current()).subscription).toBeNull();
    await saveDigest(target.app, reader, { categories: ['Agents'] });
    const removed = await requestAs(target.app, reader, 'DELETE', '/api/digest-subscription');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().subscription).toBeNull();
    expect((await current()).subscription).toBeNull();
  });

  it('answers a missing unsubscribe token 400 and an unknown one 404, by the page and by one-click', async () => {
    const page = (token?: string) =>
      target.app.inject({
        method: 'POST',
        url: '/api/digest-subscription/unsubscribe',
        remoteAddress: nextClientAddress(),
        payload: token === undefined ? {} : { token },
      });
    expect((await page()).json()).toMatchObject({ error: 'missing_token' });
    expect((await page('  ')).statusCode).toBe(400);
    const unknown = await page('no-such-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('invalid_token');
    const oneClick = await target.app.inject({
      method: 'POST',
      url: '/api/digest-subscription/one-click?token=no-such-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(404);
  });

  it('refuses a client that keeps sending wrong unsubscribe tokens for a while', async () => {
    const address = nextClientAddress();
    const attempt = () =>
      target.app.inject({
        method: 'POST',
        url: '/api/digest-subscription/unsubscribe',
        remoteAddress: address,
        payload: { token: 'guess' },
      });
    for (let i = 0; i < UNSUBSCRIBE_FAILURES_PER_CLIENT.max; i++) expect((await attempt()).statusCode).toBe(404);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await target.app.inject({
      method: 'POST',
      url: '/api/digest-subscription/unsubscribe',
      remoteAddress: nextClientAddress(),
      payload: { token: 'guess' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('sends a browser that opens the one-click link to the unsubscribe page, unsubscribing nobody', async () => {
    const response = await target.app.inject({ method: 'GET', url: '/api/digest-subscription/one-click?token=abc_-1' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/unsubscribe?token=abc_-1');
  });
});
