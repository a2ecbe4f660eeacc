import type { Locale } from '../../../common/account-rules.js';
import { NULL_VALUE } from '../../../common/paper-rules.js';
import type { Summary } from '../../../common/papers.js';
import { escapeHtml, mailDocument } from '../../providers/mail/mail-html.js';
import type { MailMessage } from '../../providers/mail/mailer.js';
import { DIGEST_MAIL_TEXTS } from './mail-texts.js';
import type { DigestPeriod } from './periods.js';

/** Where a mail provider posts the one-click unsubscribe (RFC 8058). */
export const ONE_CLICK_PATH = '/api/digest-subscription/one-click';

export interface DigestPaper {
  arxivId: string;
  title: string;
  /** The one-line summary. */
  line: string;
}

/** A paper like the ones the reader saved, and the title of the saved paper it is most like. */
export interface DigestRecommendation extends DigestPaper {
  becauseTitle: string;
}

export interface DigestMailInput {
  to: string;
  name: string;
  language: Locale;
  period: DigestPeriod;
  /** The papers listed, newest first. */
  papers: DigestPaper[];
  /** Papers of the period in all, listed or not. */
  total: number;
  /** Papers like the ones the reader saved, best first, listed below the period's; none for a reader who saved nothing. */
  recommended: DigestRecommendation[];
  siteName: string;
  publicUrl: string;
  unsubscribeToken: string;
}

const LONGEST_LINE = 240;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Dates read as they do on the site, in the en-US long format in either language. */
const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A paper's one line: its summary's, or else (an extractive summary may have none) the first
 * sentence of its abstract, shortened at a word to at most 240 characters.
 */
export function oneLineSummary(summaryJson: string | null, abstract: string): string {
  const line = summaryJson ? (JSON.parse(summaryJson) as Partial<Summary>).Paper_one_line?.trim() : undefined;
  if (line && line !== NULL_VALUE) return line;
  const flat = abstract.replace(/\s+/g, ' ').trim();
  const sentence = /^.+?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  if (sentence.length <= LONGEST_LINE) return sentence;
  const lastSpace = sentence.lastIndexOf(' ', LONGEST_LINE - 1);
  return `${sentence.slice(0, lastSpace > 0 ? lastSpace : LONGEST_LINE - 1)}…`;
}

export function unsubscribeLinks(publicUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${publicUrl}/unsubscribe?${query}`, oneClick: `${publicUrl}${ONE_CLICK_PATH}?${query}` };
}

/**
 * One reader's digest of one period, as HTML (right to left in Arabic; each paper in its own
 * direction) and plain text, with the one-click unsubscribe headers of RFC 8058.
 */
export function digestMail(input: DigestMailInput): MailMessage {
  const t = DIGEST_MAIL_TEXTS[input.language];
  const { period, publicUrl } = input;
  const lead =
    period.frequency === 'daily'
      ? t.leadDaily(dateFormat.format(period.start))
      : t.leadWeekly(dateFormat.format(period.start), dateFormat.format(new Date(period.end.getTime() - DAY_MS)));
  const links = unsubscribeLinks(publicUrl, input.unsubscribeToken);
  const settingsUrl = `${publicUrl}/account`;
  const digestUrl = `${publicUrl}/ai-digest`;
  const paperUrl = (paper: DigestPaper) => `${publicUrl}/ai-digest/${paper.arxivId}`;
  const more = input.total - input.papers.length;

  const item = (paper: DigestPaper, because?: string) =>
    `<li dir="auto" style="text-align:start;margin:0 0 16px;padding:0 0 16px;border-bottom:1px solid #e2e8f0">
<a href="${escapeHtml(paperUrl(paper))}" style="font-size:16px;font-weight:600;color:#3730a3;text-decoration:none">${escapeHtml(paper.title)}</a>
<p style="margin:6px 0 0;font-size:14px;line-height:1.5;color:#334155">${escapeHtml(paper.line)}</p>
${because ? `<p dir="auto" style="margin:6px 0 0;font-size:13px;color:#64748b">${escapeHtml(because)}</p>\n` : ''}</li>`;
  const items = input.papers.map((paper) => item(paper)).join('\n');
  const recommended =
    input.recommended.length > 0
      ? `<h2 style="font-size:17px;margin:28px 0 0">${escapeHtml(t.recommended)}</h2>
<ul style="list-style:none;padding:0;margin:16px 0 24px">
${input.recommended.map((paper) => item(paper, t.because(paper.becauseTitle))).join('\n')}
</ul>
`
      : '';
  const html = mailDocument(
    input.language,
    `<p style="font-size:16px">${escapeHtml(t.greeting(input.name))}</p>
<p style="font-size:16px;line-height:1.6">${escapeHtml(lead)}</p>
<ul style="list-style:none;padding:0;margin:24px 0">
${items}
</ul>
${more > 0 ? `<p style="font-size:15px">${escapeHtml(t.more(more))} <a href="${escapeHtml(digestUrl)}" style="color:#3730a3">${escapeHtml(t.seeAll)}</a></p>\n` : ''}${recommended}<p style="margin-top:28px;font-size:12px;color:#64748b;line-height:1.6">${escapeHtml(t.reason(input.siteName))}<br>
<a href="${escapeHtml(settingsUrl)}" style="color:#475569">${escapeHtml(t.settings)}</a> · <a href="${escapeHtml(links.page)}" style="color:#475569">${escapeHtml(t.unsubscribe)}</a></p>`,
  );

  const text = [
    t.greeting(input.name),
    '',
    lead,
    '',
    ...input.papers.flatMap((paper) => [`- ${paper.title}`, `  ${paper.line}`, `  ${paperUrl(paper)}`, '']),
    ...(more > 0 ? [`${t.more(more)} ${t.seeAll}: ${digestUrl}`, ''] : []),
    ...(input.recommended.length > 0
      ? [
          t.recommended,
          '',
          ...input.recommended.flatMap((paper) => [
            `- ${paper.title}`,
            `  ${paper.line}`,
            `  ${t.because(paper.becauseTitle)}`,
            `  ${paperUrl(paper)}`,
            '',
          ]),
        ]
      : []),
    t.reason(input.siteName),
    `${t.settings}: ${settingsUrl}`,
    `${t.unsubscribe}: ${links.page}`,
  ].join('\n');

  return {
    to: input.to,
    subject: `${t.subject[period.frequency](t.papers(input.total))} | ${input.siteName}`,
    text,
    html,
    link: links.page,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
