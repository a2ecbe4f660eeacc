import { describe, expect, it } from 'vitest';
import { DIGEST_RECOMMENDATIONS } from '../../../common/recommendations.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import type { TestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { addProcessedPaper, DIGEST_PUBLIC_URL, digestMailsTo, saveDigest, withDigestSite } from '../../test/digest.js';
import type { ReceivedMail } from '../../test/smtp.js';
import { useSmtpServer } from '../../test/smtp.js';
import { seedPapers } from '../ingest/seed.js';

/** Monday 6 January 2031, 09:00 UTC: ISO week 2031-W02 runs to Sunday the 12th. */
const MONDAY = '2031-01-06T09:00:00.000Z';
const NEXT_MONDAY = '2031-01-13T00:01:00.000Z';
/** The first 320 demo papers, stored now: long before the mailed week, so no mail lists them as new. */
const CORPUS_SIZE = 320;
const TRACK_DIFFUSION = '2312.00651';
const TRACK_DIFFUSION_TITLE = 'TrackDiffusion: Tracklet-Conditioned Video Generation via Diffusion Models';
const MAGIC_MOTION = '2503.16421';
/** The other papers of the corpus on generating or editing video. */
const VIDEO_GENERATION = ['2504.17180', '2506.07713', '2511.01266'];
/** A paper of the week, in a followed category, about generating video. */
const WEEKS_VIDEO_PAPER = '2101.00001';

/** The section of a digest's text from `heading` on, or null when the mail has none. */
function sectionFrom(mail: ReceivedMail, heading: string): string | null {
  const at = mail.text.indexOf(heading);
  return at < 0 ? null : mail.text.slice(at);
}
/** The arXiv ids of the papers a mail's text links to, in order. */
const listedIn = (text: string) =>
  [...text.matchAll(/^ {2}https:\/\/\S+\/ai-digest\/(\S+)$/gm)].flatMap(([, id]) => (id ? [id] : []));

describe.each(testDatabaseKinds)('recommendations in the email digest on $name', (kind) => {
  const smtp = useSmtpServer();
  const address = (name: string) => `${name}.${kind.name}@example.org`;

  /** A reader following Agents in `language` who saved these papers. */
  async function reader(target: TestApp, email: string, language: 'en' | 'ar', saved: string[]): Promise<number> {
    const cookie = await signedInAs(target, 'user', email);
    expect((await saveDigest(target.app, cookie, { categories: ['Agents'], language })).statusCode).toBe(200);
    for (const arxivId of saved) {
      expect((await requestAs(target.app, cookie, 'POST', `/api/bookmarks/${arxivId}`)).statusCode).toBe(201);
    }
    const { id } = await target.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return id;
  }

  async function weekWithPapers(target: TestApp) {
    await seedPapers(target.handle, CORPUS_SIZE);
    await addProcessedPaper(target.handle, {
      arxivId: WEEKS_VIDEO_PAPER,
      title: 'Controllable video generation from motion trajectories with diffusion models',
      categories: ['Agents'],
      storedAt: '2031-01-07T12:00:00.000Z',
    });
    await addProcessedPaper(target.handle, {
      arxivId: '2101.00002',
      title: 'Planning agents',
      categories: ['Agents'],
      storedAt: '2031-01-08T12:00:00.000Z',
    });
  }

  it('lists papers like the reader’s saved ones below the week’s, none the mail has already, none for a reader who saved nothing', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      await weekWithPapers(target);
      const saved = [TRACK_DIFFUSION, MAGIC_MOTION];
      const ritaId = await reader(target, address('rita'), 'en', saved);
      await reader(target, address('nora'), 'en', []);
      // Ranked for the screen, the week's video paper is among the first: the mail must leave it out.
      const forScreen = await target.services.recommendations.rankedFor(ritaId, DIGEST_RECOMMENDATIONS);
      const weeksPaperId = (
        await target.handle.db
          .selectFrom('papers')
          .select('id')
          .where('arxiv_id', '=', WEEKS_VIDEO_PAPER)
          .executeTakeFirstOrThrow()
      ).id;
      expect(forScreen?.map((paper) => paper.paperId)).toContain(weeksPaperId);

      clock.set(NEXT_MONDAY);
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 2, failed: 0 });

      const [mail] = digestMailsTo(smtp, address('rita'));
      if (!mail) throw new Error('no digest');
      expect(mail.subject).toBe('Your weekly AI Research Digest: 2 new papers | Agentic Framework');
      const heading = 'Recommended for you, like the papers you saved';
      const section = sectionFrom(mail, heading);
      if (!section) throw new Error(`no recommendations in ${mail.text}`);
      // Below the week's papers, which come first as before.
      expect(listedIn(mail.text.slice(0, mail.text.indexOf(heading)))).toEqual(['2101.00002', WEEKS_VIDEO_PAPER]);
      const recommended = listedIn(section);
      expect(recommended).toHaveLength(DIGEST_RECOMMENDATIONS);
      expect(recommended).not.toContain(WEEKS_VIDEO_PAPER);
      expect(recommended.filter((id) => saved.includes(id))).toEqual([]);
      expect(VIDEO_GENERATION).toContain(recommended[0]);
      expect(section).toContain(`Because you saved “${TRACK_DIFFUSION_TITLE}”`);
      expect(section.match(/^ {2}Because you saved “/gm)).toHaveLength(DIGEST_RECOMMENDATIONS);
      expect(mail.html).toContain(`>${heading}</h2>`);
      expect(mail.html).toContain(`href="${DIGEST_PUBLIC_URL}/ai-digest/${recommended[0]}"`);
      expect(mail.html).toContain(`Because you saved “${TRACK_DIFFUSION_TITLE}”`);

      const [plain] = digestMailsTo(smtp, address('nora'));
      expect(plain?.text).not.toContain(heading);
      expect(plain?.html).not.toContain('<h2');
      expect(listedIn(plain?.text ?? '')).toEqual(['2101.00002', WEEKS_VIDEO_PAPER]);
    });
  });

  it('recommends in the mail’s language', async () => {
    await withDigestSite(kind, smtp, { start: MONDAY }, async ({ target, clock }) => {
      await weekWithPapers(target);
      await reader(target, address('sami'), 'ar', [TRACK_DIFFUSION]);
      clock.set(NEXT_MONDAY);
      expect(await target.services.digestSender.runOnce()).toMatchObject({ sent: 1 });

      const [mail] = digestMailsTo(smtp, address('sami'));
      const section = mail && sectionFrom(mail, 'مقترحة لك، تشبه الأوراق التي حفظتها');
      if (!section) throw new Error(`no Arabic recommendations in ${mail?.text}`);
      expect(listedIn(section)).toHaveLength(DIGEST_RECOMMENDATIONS);
      expect(section).toContain(`لأنك حفظت «${TRACK_DIFFUSION_TITLE}»`);
      expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/);
      expect(mail.html).toContain(`<p dir="auto" style="margin:6px 0 0;font-size:13px;color:#64748b">لأنك حفظت «`);
    });
  });
});
