import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { makeSummary } from '../../common/testing/summary.js';
import type { DbHandle } from '../db/connect.js';
import { createPapersRepo } from '../modules/papers/repo.js';
import { startTestApp, type TestApp } from './app.js';
import type { TestDatabaseKind } from './databases.js';
import type { ReceivedMail, TestSmtpServer } from './smtp.js';

/** The time the digest goes by in a test, moved by the test through periods. */
export interface TestClock {
  now: Date;
  set(iso: string): void;
  read: () => Date;
}

export function testClock(start: string): TestClock {
  const clock: TestClock = {
    now: new Date(start),
    set(iso) {
      clock.now = new Date(iso);
    },
    read: () => clock.now,
  };
  return clock;
}

/** A paper stored as processed at `storedAt`, with a summary whose one line is `oneLine`, in `categories`. */
export async function addProcessedPaper(
  handle: DbHandle,
  paper: { arxivId: string; title?: string; oneLine?: string; categories: string[]; storedAt: string },
): Promise<void> {
  await createPapersRepo(handle).insertMany([
    {
      paper: {
        arxiv_id: paper.arxivId,
        version: 1,
        title: paper.title ?? `Paper ${paper.arxivId}`,
        abstract: 'We study agents. They improve.',
        abstract_translation: null,
        pdf_url: `https://arxiv.org/pdf/${paper.arxivId}v1`,
        submitted_date: paper.storedAt.slice(0, 10),
        authors: JSON.stringify(['A. Author']),
        primary_category: 'cs.AI',
        comment: null,
        synthetic: 0,
        created_at: paper.storedAt,
        updated_at: paper.storedAt,
      },
      summary: {
        data: JSON.stringify(makeSummary({ Paper_one_line: paper.oneLine ?? `One line of ${paper.arxivId}.` })),
        generated_by: 'extractive',
        model: null,
      },
      categories: paper.categories,
    },
  ]);
}

/** PUT /api/digest-subscription as the reader of `cookie`. */
export function saveDigest(
  app: FastifyInstance,
  cookie: string | null,
  body: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: '/api/digest-subscription',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: body,
  });
}

/** A header of a received mail as it was sent, folded lines joined. */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.raw.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
}

/** The unsubscribe page's link in a digest mail's text. */
export function unsubscribePageLink(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+\/unsubscribe\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no unsubscribe link in mail "${mail.subject}"`);
  return new URL(match[0]);
}

/** The one-click URL of a digest mail's List-Unsubscribe header. */
export function oneClickLink(mail: ReceivedMail): URL {
  const match = /<(https?:\/\/[^>]+)>/.exec(headerOf(mail, 'List-Unsubscribe') ?? '');
  if (!match?.[1]) throw new Error(`no List-Unsubscribe URL in mail "${mail.subject}"`);
  return new URL(match[1]);
}

/** One database with `instances` app instances on it (a web process and workers), sharing a digest clock. */
export interface DigestSite {
  instances: TestApp[];
  /** The first instance. */
  target: TestApp;
  clock: TestClock;
}

export const DIGEST_PUBLIC_URL = 'https://digest.example.org';

/**
 * Runs `use` against a fresh database of `kind`, with `instances` app instances that mail through
 * `smtp` and go by one clock starting at `start`; everything is closed however `use` ends.
 */
export async function withDigestSite(
  kind: TestDatabaseKind,
  smtp: TestSmtpServer,
  options: { start: string; instances?: number },
  use: (site: DigestSite) => Promise<void>,
): Promise<void> {
  const database = await kind.create();
  const clock = testClock(options.start);
  const instances: TestApp[] = [];
  try {
    for (let i = 0; i < (options.instances ?? 1); i++) {
      instances.push(
        await startTestApp(
          database,
          { SMTP_URL: smtp.url, PUBLIC_URL: DIGEST_PUBLIC_URL },
          { digestClock: clock.read },
        ),
      );
    }
    await use({ instances, target: instances[0] as TestApp, clock });
  } finally {
    for (const instance of instances) await instance.close();
    await database.dispose();
  }
}

/** The digest mails `smtp` received for an address (account mails aside). */
export function digestMailsTo(smtp: TestSmtpServer, address: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to === address && headerOf(mail, 'List-Unsubscribe') !== undefined);
}
