import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../common/errors.js';
import {
  RECOMMENDATIONS_LIMIT,
  RECOMMENDATIONS_LIMIT_MAX,
  type Recommendations,
  recommendationsSchema,
} from '../../../common/recommendations.js';
import { requestAs, signedInAs } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { testDatabaseKinds } from '../../test/databases.js';
import { errorAnswer } from '../../test/error-answer.js';
import { addPaper, paperRow } from '../../test/papers.js';
import { seedPapers } from '../ingest/seed.js';
import { createPapersRepo } from '../papers/repo.js';
import { SAVED_PAPERS_RANKED } from './service.js';

/** The first 320 demo papers: real arXiv papers, five of them on generating video. */
const CORPUS_SIZE = 320;
const TRACK_DIFFUSION = '2312.00651'; // TrackDiffusion: Tracklet-Conditioned Video Generation via Diffusion Models
const MAGIC_MOTION = '2503.16421'; // MagicMotion: Controllable Video Generation with Dense-to-Sparse Trajectory Guidance
/** The other papers of the corpus on generating or editing video. */
const VIDEO_GENERATION = [
  '2504.17180', // We'll Fix it in Post: Improving Text-to-Video Generation with Neuro-Symbolic Feedback
  '2506.07713', // Consistent Video Editing as Flow-Driven Image-to-Video Generation
  '2511.01266', // MotionStream: Real-Time Video Generation with Interactive Motion Controls
];
/** A paper whose words no other paper has. */
const UNLIKE_ANY = '2401.99001';
/** TrackDiffusion's title and abstract again, filed under an area and a category no other paper has. */
const TWIN_ELSEWHERE = '2401.99002';
const TWIN_AREA = 'physics.optics';
const TWIN_CATEGORY = 'Optics';

describe.each(testDatabaseKinds)('recommendations ("For you") on $name', (kind) => {
  const target = useTestApp(kind);
  let readers = 0;

  const get = (cookie: string | null, query = '') =>
    requestAs(target.app, cookie, 'GET', `/api/recommendations${query}`);
  async function recommendationsOf(cookie: string, query = ''): Promise<Recommendations> {
    const response = await get(cookie, query);
    expect(response.statusCode, response.body).toBe(200);
    return recommendationsSchema.strict().parse(response.json());
  }
  /** A new reader who saved these papers, in this order. */
  async function readerWhoSaved(...arxivIds: string[]): Promise<string> {
    const cookie = await signedInAs(target, 'user', `reader${++readers}@example.org`);
    for (const arxivId of arxivIds) {
      expect((await requestAs(target.app, cookie, 'POST', `/api/bookmarks/${arxivId}`)).statusCode).toBe(201);
    }
    return cookie;
  }

  beforeAll(async () => {
    await seedPapers(target.handle, CORPUS_SIZE);
    await addPaper(target.handle, {
      arxiv_id: UNLIKE_ANY,
      submitted_date: '2024-01-02',
      title: 'Zorblaxian quokkafolds',
      abstract: 'Wumpusnets glimmerdrome the snarfleblat.',
    });
    const trackDiffusion = await target.handle.db
      .selectFrom('papers')
      .select(['title', 'abstract'])
      .where('arxiv_id', '=', TRACK_DIFFUSION)
      .executeTakeFirstOrThrow();
    await addPaper(
      target.handle,
      { arxiv_id: TWIN_ELSEWHERE, submitted_date: '2024-01-03', primary_category: TWIN_AREA, ...trackDiffusion },
      [TWIN_CATEGORY],
    );
  }, 180_000);

  /** The arXiv primary category of each paper, in order. */
  async function areasOf(arxivIds: string[]): Promise<string[]> {
    const rows = await target.handle.db
      .selectFrom('papers')
      .select(['arxiv_id', 'primary_category'])
      .where('arxiv_id', 'in', arxivIds)
      .execute();
    const areaOf = new Map(rows.map((row) => [row.arxiv_id, row.primary_category]));
    return arxivIds.map((id) => areaOf.get(id) ?? '');
  }

  it('answers 401 to a visitor and to a suspended reader, before looking at the query', async () => {
    for (const query of ['', '?limit=0']) {
      const response = await get(null, query);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(errorAnswer('unauthenticated', 'Please sign in first.'));
    }
    const reader = await readerWhoSaved(TRACK_DIFFUSION);
    const admin = await signedInAs(target, 'admin', `admin.${kind.name}@example.org`);
    const { id } = await target.handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', `reader${readers}@example.org`)
      .executeTakeFirstOrThrow();
    const suspended = await requestAs(target.app, admin, 'POST', `/api/admin/users/${id}/suspend`, { reason: 'Spam' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await get(reader)).statusCode).toBe(401);
  });

  it('answers a reader who saved nothing an empty list that says why', async () => {
    expect(await recommendationsOf(await readerWhoSaved())).toEqual({ papers: [], reason: 'no_bookmarks' });
  });

  it('recommends papers on the topic of the saved ones first, never a saved one, each naming the saved paper it is like', async () => {
    const saved = [MAGIC_MOTION, TRACK_DIFFUSION];
    const { papers, reason } = await recommendationsOf(await readerWhoSaved(...saved));
    expect(reason).toBeNull();
    expect(papers).toHaveLength(RECOMMENDATIONS_LIMIT);
    const ids = papers.map((paper) => paper.arxivId);
    expect(
      ids.slice(0, 2).every((id) => VIDEO_GENERATION.includes(id)),
      ids.join(' '),
    ).toBe(true);
    expect(ids.filter((id) => saved.includes(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const paper of papers) expect(saved).toContain(paper.because.arxivId);
    // `because` names the saved paper in full: its id and title as its card has them.
    const card = await target.app.inject(`/api/papers/${MAGIC_MOTION}`);
    const magicMotion = card.json() as { id: number; title: string };
    expect(papers.map((paper) => paper.because)).toContainEqual({
      id: magicMotion.id,
      arxivId: MAGIC_MOTION,
      title: magicMotion.title,
    });
  });

  it('ranks from the newest 50 saved papers: an older one is no reason', async () => {
    // Papers whose words only they share: saved, they lead to no paper.
    const unlikeOthers = Array.from({ length: SAVED_PAPERS_RANKED }, (_, i) => `2402.${String(90001 + i)}`);
    await createPapersRepo(target.handle).insertMany(
      unlikeOthers.map((arxivId) => ({
        paper: paperRow({
          arxiv_id: arxivId,
          submitted_date: '2024-02-01',
          title: 'Frabjous plonkwise borogoves',
          abstract: 'Vorpal mimsy tumtum outgribe.',
        }),
        summary: null,
        categories: [],
      })),
    );
    const before = await recommendationsOf(await readerWhoSaved(TRACK_DIFFUSION, ...unlikeOthers.slice(1)));
    expect(before.papers.map((paper) => paper.because.arxivId)).toContain(TRACK_DIFFUSION);
    // Saved before 50 newer ones, the same paper no longer steers what is recommended.
    const after = await recommendationsOf(await readerWhoSaved(TRACK_DIFFUSION, ...unlikeOthers));
    expect(after).toEqual({ papers: [], reason: 'nothing_alike' });
  });

  it('ranks by the reader’s own bookmarks only: another reader’s saved papers are neither left out nor reasons', async () => {
    const otherSaved = VIDEO_GENERATION.slice(0, 2);
    const other = await readerWhoSaved(...otherSaved);
    const reader = await readerWhoSaved(TRACK_DIFFUSION, MAGIC_MOTION);
    const mine = (await recommendationsOf(reader)).papers;
    expect(mine.slice(0, 2).every((paper) => VIDEO_GENERATION.includes(paper.arxivId))).toBe(true);
    for (const paper of mine) expect([TRACK_DIFFUSION, MAGIC_MOTION]).toContain(paper.because.arxivId);
    const theirs = (await recommendationsOf(other)).papers;
    const ids = theirs.map((paper) => paper.arxivId);
    expect(
      ids.slice(0, 3).some((id) => [TRACK_DIFFUSION, MAGIC_MOTION].includes(id)),
      ids.join(' '),
    ).toBe(true);
    expect(ids.filter((id) => otherSaved.includes(id))).toEqual([]);
    for (const paper of theirs) expect(otherSaved).toContain(paper.because.arxivId);
  });

  it('answers as many papers as `limit` asks, the best first', async () => {
    const reader = await readerWhoSaved(TRACK_DIFFUSION, MAGIC_MOTION);
    const fifty = (await recommendationsOf(reader, `?limit=${RECOMMENDATIONS_LIMIT_MAX}`)).papers;
    expect(fifty).toHaveLength(50);
    const three = (await recommendationsOf(reader, '?limit=3')).papers;
    expect(three.map((paper) => paper.arxivId)).toEqual(fifty.slice(0, 3).map((paper) => paper.arxivId));
  });

  it.each([
    ['a limit of 0', '?limit=0'],
    ['a limit over 50', '?limit=51'],
    ['a limit that is not a number', '?limit=many'],
    ['a limit that is not whole', '?limit=2.5'],
  ])('refuses %s with 400 in the error shape', async (_, query) => {
    const response = await get(await readerWhoSaved(TRACK_DIFFUSION), query);
    expect(response.statusCode, response.body).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error).toBe('invalid_request');
  });

  it('lifts papers filed under the saved papers’ areas above more alike papers of other areas, which stay in view', async () => {
    const [savedArea] = await areasOf([TRACK_DIFFUSION]);
    const ids = (await recommendationsOf(await readerWhoSaved(TRACK_DIFFUSION), '?limit=20')).papers.map(
      (paper) => paper.arxivId,
    );
    const twinAt = ids.indexOf(TWIN_ELSEWHERE);
    expect(twinAt, ids.join(' ')).toBeGreaterThan(0);
    expect(new Set(await areasOf(ids.slice(0, twinAt)))).toEqual(new Set([savedArea]));
  });

  it('recommends papers of other areas when the saved papers’ areas hold no other paper', async () => {
    const { papers } = await recommendationsOf(await readerWhoSaved(TWIN_ELSEWHERE));
    expect(papers).toHaveLength(RECOMMENDATIONS_LIMIT);
    expect(papers[0]?.arxivId).toBe(TRACK_DIFFUSION);
  });

  it('counts the categories the reader’s digest follows among their areas', async () => {
    const reader = await readerWhoSaved(TRACK_DIFFUSION);
    const followed = await requestAs(target.app, reader, 'PUT', '/api/digest-subscription', {
      categories: [TWIN_CATEGORY],
    });
    expect(followed.statusCode, followed.body).toBe(200);
    const { papers } = await recommendationsOf(reader);
    expect(papers[0]?.arxivId).toBe(TWIN_ELSEWHERE);
  });

  it('says when no paper is like the saved ones', async () => {
    expect(await recommendationsOf(await readerWhoSaved(UNLIKE_ANY))).toEqual({ papers: [], reason: 'nothing_alike' });
  });
});
