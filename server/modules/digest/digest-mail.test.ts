import { describe, expect, it } from 'vitest';
import { requestAs, signedInAs } from '../../test/accounts.js';
import type { TestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import {
  addProcessedPaper,
  DIGEST_PUBLIC_URL,
  digestMailsTo,
  headerOf,
  saveDigest,
  withDigestSite,
} from '../../test/digest.js';
import { useSmtpServer } from '../../test/smtp.js';
import { DIGEST_SENDING } from './sender.js';
import { createDigestSendsRepo } from './sends-repo.js';

/** Monday 6 January 2031, 09:00 UTC: ISO week 2031-W02 runs to Sunday the 12th. */
const MONDAY = '2031-01-06T09:00:00.000Z';
const NEXT_MONDAY = '2031-01-13T00:01:00.000Z';

async function follow(target: TestApp, email: string, settings: object): Promise<string> {
  const cookie = await signedInAs(target, 'user', email);
  expect((await saveDigest(target.app, cookie, settings)).statusCode).toBe(200);
  return cookie;
}

describe.each(testDatabaseKinds)('email digest on $name', (kind) => {
  const smtp = useSmtpServer();
  const address = (name: string) => `${name}.${kind.name}@example.org`;

  it('mails a follower once, after the week ends, the papers of the followed categories stored that week', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      const rita = address('rita');
      for (const [arxivId, categories, storedAt, title] of [
        ['2101.00000', ['Agents'], '2031-01-05T23:59:59.999Z', 'The week before'],
        ['2101.00001', ['Agents'], '2031-01-06T08:00:00.000Z', 'Planning agents'],
        ['2101.00002', ['Robotics', 'Agents'], '2031-01-10T12:00:00.000Z', 'Tools <b>& "agents"</b>'],
        ['2101.00003', ['Robotics'], '2031-01-08T12:00:00.000Z', 'Only robots'],
        ['2101.00004', ['Agents'], '2031-01-13T00:00:00.000Z', 'The week after'],
      ] as const) {
        await addProcessedPaper(target.handle, { arxivId, categories: [...categories], storedAt, title });
      }
      await follow(target, rita, { categories: ['Agents'], language: 'en' });

      clock.set('2031-01-12T23:59:00.000Z');
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      clock.set(NEXT_MONDAY);
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 1, failed: 0 });

      const [mail, ...others] = digestMailsTo(smtp, rita);
      expect(others).toEqual([]);
      if (!mail) throw new Error('no digest');
      expect(mail.subject).toBe('Your weekly AI Research Digest: 2 new papers | Agentic Framework');
      expect(mail.text).toContain('from January 6, 2031 to January 12, 2031 (UTC)');
      const listed = [...mail.text.matchAll(/^- (.+)$/gm)].map(([, title]) => title);
      expect(listed).toEqual(['Tools <b>& "agents"</b>', 'Planning agents']);
      expect(mail.text).toContain('  One line of 2101.00001.');
      expect(mail.text).toContain(`  ${DIGEST_PUBLIC_URL}/ai-digest/2101.00002`);
      expect(mail.html).toContain('Tools &lt;b&gt;&amp; &quot;agents&quot;&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>&');
      expect(mail.html).toContain(`href="${DIGEST_PUBLIC_URL}/ai-digest/2101.00001"`);
      expect(mail.html).toMatch(/<html lang="en" dir="ltr">/);
      expect(headerOf(mail, 'List-Unsubscribe')).toMatch(
        new RegExp(`^<${DIGEST_PUBLIC_URL}/api/digest-subscription/one-click\\?token=[\\w-]{43}>$`),
      );
      expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toMatch(new RegExp(`Unsubscribe: ${DIGEST_PUBLIC_URL}/unsubscribe\\?token=[\\w-]{43}`));

      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      expect(digestMailsTo(smtp, rita)).toHaveLength(1);
    });
  });

  it('mails a daily follower in Arabic, right to left, each UTC day its own papers', async () => {
    await withDigestSite(kind, smtp, { start: '2031-01-07T10:00:00.000Z' }, async ({ target, clock }) => {
      const sami = address('sami');
      await addProcessedPaper(target.handle, {
        arxivId: '2101.00011',
        title: 'Robot arms',
        categories: ['Robotics'],
        storedAt: '2031-01-07T15:00:00.000Z',
      });
      await addProcessedPaper(target.handle, {
        arxivId: '2101.00012',
        title: 'Robot legs',
        categories: ['Robotics'],
        storedAt: '2031-01-08T01:00:00.000Z',
      });
      await follow(target, sami, { categories: ['Robotics'], frequency: 'daily', language: 'ar' });

      clock.set('2031-01-08T00:30:00.000Z');
      await target.services.digestSender.runOnce();
      clock.set('2031-01-09T00:30:00.000Z');
      await target.services.digestSender.runOnce();

      const [first, second, ...more] = digestMailsTo(smtp, sami);
      expect(more).toEqual([]);
      expect(first?.subject).toBe('ملخص أبحاث الذكاء الاصطناعي اليومي: ورقة جديدة واحدة | Agentic Framework');
      expect(first?.html).toMatch(/<html lang="ar" dir="rtl">/);
      expect(first?.html).toContain('<li dir="auto"');
      expect(first?.text).toContain('يوم January 7, 2031');
      expect(first?.text).toContain('Robot arms');
      expect(first?.text).not.toContain('Robot legs');
      expect(second?.text).toContain('Robot legs');
      expect(second?.text).toContain('إلغاء الاشتراك:');
    });
  });

  it('keeps the schedule when categories change, and mails a new frequency only from its first whole period', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      const ines = address('ines');
      for (const [arxivId, categories, storedAt] of [
        ['2101.00091', ['Robotics'], '2031-01-01T12:00:00.000Z'],
        ['2101.00092', ['Agents'], '2031-01-07T12:00:00.000Z'],
        ['2101.00093', ['Agents'], '2031-01-13T12:00:00.000Z'],
        ['2101.00094', ['Agents'], '2031-01-14T12:00:00.000Z'],
      ] as const) {
        await addProcessedPaper(target.handle, { arxivId, categories: [...categories], storedAt, title: arxivId });
      }
      const cookie = await follow(target, ines, { categories: ['Agents'] });
      // A change of categories just after the week ended, before the worker mailed it.
      clock.set('2031-01-13T00:00:30.000Z');
      expect((await saveDigest(target.app, cookie, { categories: ['Agents', 'Robotics'] })).statusCode).toBe(200);
      clock.set(NEXT_MONDAY);
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 1 });

      clock.set('2031-01-14T10:00:00.000Z');
      expect((await saveDigest(target.app, cookie, { categories: ['Agents'], frequency: 'daily' })).statusCode).toBe(
        200,
      );
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      clock.set('2031-01-15T00:01:00.000Z');
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 1 });

      const [weekly, daily, ...more] = digestMailsTo(smtp, ines);
      expect(more).toEqual([]);
      expect(weekly?.subject).toContain('weekly');
      expect(weekly?.text).toContain('- 2101.00092');
      expect(daily?.subject).toContain('daily');
      expect([...(daily?.text ?? '').matchAll(/^- (.+)$/gm)].map(([, title]) => title)).toEqual(['2101.00094']);
    });
  });

  it('sends one mail per reader when two workers run the same period at once', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY, instances: 2 }, async ({ instances, target, clock }) => {
      const readers = Array.from({ length: 8 }, (_, i) => address(`crowd${i}`));
      await addProcessedPaper(target.handle, { arxivId: '2101.00021', categories: ['Agents'], storedAt: MONDAY });
      for (const reader of readers) await follow(target, reader, { categories: ['Agents'] });

      clock.set(NEXT_MONDAY);
      const counts = await Promise.all(instances.map((instance) => instance.services.digestSender.runOnce()));
      expect(counts.reduce((sum, count) => sum + count.sent, 0)).toBe(readers.length);
      for (const reader of readers) expect(digestMailsTo(smtp, reader), reader).toHaveLength(1);
    });
  });

  it('does not mail a period again after a restart', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY, instances: 2 }, async ({ instances, target, clock }) => {
      const lena = address('lena');
      await addProcessedPaper(target.handle, { arxivId: '2101.00031', categories: ['Agents'], storedAt: MONDAY });
      await follow(target, lena, { categories: ['Agents'] });
      clock.set(NEXT_MONDAY);
      await target.services.digestSender.runOnce();
      await target.close();
      instances.shift();

      const restarted = instances[0];
      clock.set('2031-01-13T06:00:00.000Z');
      expect(await restarted?.services.digestSender.runOnce()).toMatchObject({ sent: 0, taken: 0 });
      expect(digestMailsTo(smtp, lena)).toHaveLength(1);
    });
  });

  it('takes over a worker’s claim only once its lease has run out, and sends once', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      const omar = address('omar');
      await addProcessedPaper(target.handle, { arxivId: '2101.00041', categories: ['Agents'], storedAt: MONDAY });
      await follow(target, omar, { categories: ['Agents'] });
      clock.set(NEXT_MONDAY);
      const user = await target.handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', omar)
        .executeTakeFirstOrThrow();
      // A worker that claimed the reader's week and died before sending.
      const claimed = await createDigestSendsRepo(target.handle.db).claim(user.id, 'weekly:2031-W02', {
        now: clock.now,
        ...DIGEST_SENDING,
      });
      expect(claimed).not.toBeNull();

      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      clock.set(new Date(clock.now.getTime() + DIGEST_SENDING.leaseMs - 1).toISOString());
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      clock.set(new Date(clock.now.getTime() + 1).toISOString());
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 1 });
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0 });
      expect(digestMailsTo(smtp, omar)).toHaveLength(1);
    });
  });

  it('tries a mail the SMTP server refused again after a wait, and sends it once', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      const nina = address('nina');
      await addProcessedPaper(target.handle, { arxivId: '2101.00051', categories: ['Agents'], storedAt: MONDAY });
      await follow(target, nina, { categories: ['Agents'] });
      clock.set(NEXT_MONDAY);
      smtp.failNext(1);
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0, failed: 1 });
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0, failed: 0 });
      expect(digestMailsTo(smtp, nina)).toHaveLength(0);

      clock.set(new Date(clock.now.getTime() + (DIGEST_SENDING.retryDelaysMs[0] ?? 0)).toISOString());
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 1 });
      expect(digestMailsTo(smtp, nina)).toHaveLength(1);
    });
  });

  it('sends nothing for an empty period and does not consider it again', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      const ezra = address('ezra');
      // Agents has a paper, but of the week before; the week's paper is in another category.
      const weekBefore = '2031-01-01T12:00:00.000Z';
      await addProcessedPaper(target.handle, { arxivId: '2101.00060', categories: ['Agents'], storedAt: weekBefore });
      await addProcessedPaper(target.handle, { arxivId: '2101.00061', categories: ['Robotics'], storedAt: MONDAY });
      await follow(target, ezra, { categories: ['Agents'] });
      clock.set(NEXT_MONDAY);
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0, empty: 1 });
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 0, empty: 0 });
      expect(digestMailsTo(smtp, ezra)).toHaveLength(0);
    });
  });

  it('mails nothing to an address that is no longer verified, nor to a suspended account', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      const [kept, dropped, suspended] = [address('kept'), address('dropped'), address('suspended')];
      await addProcessedPaper(target.handle, { arxivId: '2101.00071', categories: ['Agents'], storedAt: MONDAY });
      for (const reader of [kept, dropped, suspended]) await follow(target, reader, { categories: ['Agents'] });
      const admin = await signedInAs(target, 'admin', address('admin'));
      const users = (await requestAs(target.app, admin, 'GET', '/api/users?limit=50')).json().users as {
        id: number;
        email: string;
      }[];
      const idOf = (email: string) => users.find((user) => user.email === email)?.id;
      expect((await requestAs(target.app, admin, 'PATCH', `/api/users/${idOf(dropped)}/unverify`)).statusCode).toBe(
        200,
      );
      const suspension = await requestAs(target.app, admin, 'POST', `/api/admin/users/${idOf(suspended)}/suspend`, {
        reason: 'Spam',
      });
      expect(suspension.statusCode, suspension.body).toBe(200);

      clock.set(NEXT_MONDAY);
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 1 });
      expect(digestMailsTo(smtp, kept)).toHaveLength(1);
      expect(digestMailsTo(smtp, dropped)).toHaveLength(0);
      expect(digestMailsTo(smtp, suspended)).toHaveLength(0);
    });
  });
});
