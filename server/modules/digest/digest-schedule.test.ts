import { describe, expect, it } from 'vitest';
import { paperDetailSchema } from '../../../common/papers.js';
import { requestAs, signUpVerified } from '../../test/accounts.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { DIGEST_PUBLIC_URL, digestMailsTo, saveDigest, withDigestSite } from '../../test/digest.js';
import { arxivPaper } from '../../test/fake-arxiv-client.js';
import { useSmtpServer } from '../../test/smtp.js';
import { periodContaining } from './periods.js';
import { startDigestSchedule } from './schedule.js';

describe.each(testDatabaseKinds)('the worker’s email digest on $name', (kind) => {
  const smtp = useSmtpServer();

  it('mails a reader who signed up by mail the paper the queue processed, once the week is over', async () => {
    await withDigestSite(kind, smtp, { start: new Date().toISOString() }, async ({ target, clock }) => {
      const email = `signed-up.${kind.name}@example.org`;
      const cookie = await signUpVerified(target.app, smtp, email);
      const paper = arxivPaper('2401.00001', {
        title: 'Legged robots that plan their steps',
        primaryCategory: 'cs.RO',
        categories: ['cs.RO'],
      });
      await target.services.queueRepo.enqueue([paper], 'back', new Date().toISOString());
      expect(await target.services.createWorker().runOnce()).toBe('completed');
      const stored = paperDetailSchema.parse(
        (await requestAs(target.app, null, 'GET', '/api/papers/2401.00001')).json(),
      );
      const categories = stored.categories.map(({ name }) => name);
      expect(categories).toContain('Robotics');
      expect((await saveDigest(target.app, cookie, { categories })).statusCode).toBe(200);

      const { created_at: storedAt } = await target.handle.db
        .selectFrom('papers')
        .select('created_at')
        .where('arxiv_id', '=', '2401.00001')
        .executeTakeFirstOrThrow();
      clock.set(periodContaining('weekly', new Date(storedAt)).end.toISOString());
      const schedule = startDigestSchedule(target.services, { tickMs: 10 });
      const mail = await smtp.nextMailTo(email);
      await schedule.stop();

      expect(mail.subject).toBe('Your weekly AI Research Digest: 1 new paper | Agentic Framework');
      expect(mail.text).toContain('- Legged robots that plan their steps');
      expect(mail.text).toContain(`  ${stored.summary?.Paper_one_line}`);
      expect(mail.text).toContain(`${DIGEST_PUBLIC_URL}/ai-digest/2401.00001`);
      expect(digestMailsTo(smtp, email)).toHaveLength(1);
    });
  });
});
