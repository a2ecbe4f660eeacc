import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../common/account-rules.js';
import { type AccountNoticeKind, accountNoticeMail } from './mail.js';

const lastLine = (kind: AccountNoticeKind, locale: Locale) =>
  accountNoticeMail({
    kind,
    locale,
    to: 'rita@example.org',
    name: 'Rita Reader',
    siteName: 'Agentic',
    link: 'https://agentic.example/authenticate',
    reason: kind === 'suspended' ? 'Spam' : null,
    contactEmail: 'help@agentic.example',
  })
    .text.trim()
    .split('\n')
    .at(-1);

describe('the mail that tells an owner of a change to their account', () => {
  it.each([
    ['restored', 'en', 'If you have a question about your account, write to help@agentic.example.'],
    ['restored', 'ar', 'إذا كان لديك سؤال عن حسابك، فراسلنا على help@agentic.example.'],
    ['promoted', 'en', 'If you have a question about your account, write to help@agentic.example.'],
    ['suspended', 'en', 'If you think this is a mistake, write to help@agentic.example.'],
    ['suspended', 'ar', 'إذا كنت تعتقد أن هذا خطأ، فراسلنا على help@agentic.example.'],
    ['demoted', 'en', 'If you think this is a mistake, write to help@agentic.example.'],
  ] as const)('%s (%s) ends with where to write, as the change calls for', (kind, locale, line) => {
    expect(lastLine(kind, locale)).toBe(line);
  });
});
