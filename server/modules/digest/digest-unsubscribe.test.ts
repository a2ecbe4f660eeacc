import { describe, expect, it } from 'vitest';
import { digestSubscriptionSchema } from '../../../common/digest-subscription.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import type { TestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import {
  addProcessedPaper,
  type DigestSite,
  digestMailsTo,
  oneClickLink,
  saveDigest,
  unsubscribePageLink,
  withDigestSite,
} from '../../test/digest.js';
import { useSmtpServer } from '../../test/smtp.js';

const MONDAY = '2031-01-06T09:00:00.000Z';
/** Each week's digest goes out after its Monday 00:00 UTC. */
const MONDAYS_AFTER = ['2031-01-13T00:01:00.000Z', '2031-01-20T00:01:00.000Z'];

const subscriptionOf = async (target: TestApp, cookie: string) =>
  digestSubscriptionSchema.parse((await requestAs(target.app, cookie, 'GET', '/api/digest-subscription')).json())
    .subscription;

/** A reader following Agents, with a paper of Agents stored in each of the next two weeks. */
async function followerWithTwoWeeks({ target }: DigestSite, email: string): Promise<string> {
  await addProcessedPaper(target.handle, { arxivId: '2101.00101', categories: ['Agents'], storedAt: MONDAY });
  await addProcessedPaper(target.handle, {
    arxivId: '2101.00102',
    categories: ['Agents'],
    storedAt: '2031-01-14T09:00:00.000Z',
  });
  const cookie = await signedInAs(target, 'user', email);
  expect((await saveDigest(target.app, cookie, { categories: ['Agents'] })).statusCode).toBe(200);
  return cookie;
}

describe.each(testDatabaseKinds)('unsubscribing from the email digest on $name', (kind) => {
  const smtp = useSmtpServer();
  const address = (name: string) => `${name}.${kind.name}@example.org`;

  it('unsubscribes by the page the mail links to, without signing in, once; then nothing more is sent', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async (site) => {
      const { target, clock } = site;
      const rita = address('rita');
      const cookie = await followerWithTwoWeeks(site, rita);
      clock.set(MONDAYS_AFTER[0] ?? '');
      await target.services.digestSender.runOnce();
      const [mail] = digestMailsTo(smtp, rita);
      if (!mail) throw new Error('no digest');
      const link = unsubscribePageLink(mail);
      expect(link.pathname).toBe('/unsubscribe');

      const unsubscribe = () =>
        target.app.inject({
          method: 'POST',
          url: '/api/digest-subscription/unsubscribe',
          payload: { token: link.searchParams.get('token') },
        });
      const answer = await unsubscribe();
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: 'You are unsubscribed from the email digest.' });
      expect(await subscriptionOf(target, cookie)).toBeNull();
      expect((await unsubscribe()).statusCode).toBe(404);

      clock.set(MONDAYS_AFTER[1] ?? '');
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      expect(digestMailsTo(smtp, rita)).toHaveLength(1);
    });
  });

  it('unsubscribes by the one-click POST of RFC 8058, with no cookie and no Origin, and not by a GET', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async (site) => {
      const { target, clock } = site;
      const sami = address('sami');
      const cookie = await followerWithTwoWeeks(site, sami);
      clock.set(MONDAYS_AFTER[0] ?? '');
      await target.services.digestSender.runOnce();
      const [mail] = digestMailsTo(smtp, sami);
      if (!mail) throw new Error('no digest');
      const url = oneClickLink(mail);

      const opened = await target.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe(`/unsubscribe${url.search}`);
      expect(await subscriptionOf(target, cookie)).not.toBeNull();

      const posted = await target.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(posted.statusCode).toBe(200);
      expect(await subscriptionOf(target, cookie)).toBeNull();

      clock.set(MONDAYS_AFTER[1] ?? '');
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      expect(digestMailsTo(smtp, sami)).toHaveLength(1);
    });
  });

  it('takes the one-click POST from a web mail page of another site, in a multipart body', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async (site) => {
      const lena = address('lena');
      const cookie = await followerWithTwoWeeks(site, lena);
      site.clock.set(MONDAYS_AFTER[0] ?? '');
      await site.target.services.digestSender.runOnce();
      const [mail] = digestMailsTo(smtp, lena);
      if (!mail) throw new Error('no digest');
      const url = oneClickLink(mail);
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const posted = await site.target.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: {
          'content-type': request.headers.get('content-type') ?? '',
          origin: 'https://mail.example.net',
          'sec-fetch-site': 'cross-site',
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(posted.statusCode).toBe(200);
      expect(await subscriptionOf(site.target, cookie)).toBeNull();
    });
  });
});
