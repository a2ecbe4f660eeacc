import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../common/audit.js';
import { changeLocale, initI18n, loadNamespaces } from '../../lib/i18n.js';
import { AuditEntryItem } from './components/audit-entry.js';

const admin = { id: 1, name: 'Ada Admin', email: 'ada@example.org' };
const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-11-28T12:00:00.000Z',
  actor: admin,
  action: 'user.suspended',
  objectType: 'user',
  objectId: '3',
  objectName: 'Rita Reader',
  before: { suspended: false },
  after: { suspended: true, reason: 'Spam links.', commentsRemoved: 1204 },
  ...overrides,
});

/** The log's entries as a reader of the page reads them: each label with its values. */
const rows = () =>
  [...document.querySelectorAll('dt')].map((term) => `${term.textContent} = ${term.nextElementSibling?.textContent}`);

beforeAll(async () => {
  await initI18n();
  await loadNamespaces(['admin-audit']);
});
afterEach(async () => {
  cleanup();
  await act(() => changeLocale('en'));
});

describe('an entry of the audit log', () => {
  it('in Arabic labels every field and value, and names the account with its id', async () => {
    await act(() => changeLocale('ar'));
    render(<AuditEntryItem entry={entry({})} />);
    expect(screen.getByText('Rita Reader').closest('p')?.textContent).toBe(
      'Ada Admin (ada@example.org) · حساب: Rita Reader (#3)',
    );
    expect(rows()).toEqual([
      'موقوف = قبل: لابعد: نعم',
      'السبب = قبل: لا شيءبعد: Spam links.',
      'التعليقات المحذوفة = قبل: لا شيءبعد: 1,204',
    ]);
    cleanup();

    render(
      <AuditEntryItem entry={entry({ action: 'user.promoted', before: { role: 'user' }, after: { role: 'admin' } })} />,
    );
    expect(rows()).toEqual(['الدور = قبل: قارئبعد: مسؤول']);
    cleanup();

    render(
      <AuditEntryItem
        entry={entry({
          action: 'category.renamed',
          objectType: 'category',
          objectId: 'Robotics',
          objectName: null,
          before: { nameAr: null },
          after: { nameAr: 'الروبوتات' },
        })}
      />,
    );
    expect(rows()).toEqual(['الاسم العربي = قبل: لا شيءبعد: الروبوتات']);
  });

  it('in English too, and says an account since deleted by its id', () => {
    render(<AuditEntryItem entry={entry({ objectName: null })} />);
    expect(screen.getByText(/^Ada Admin/).closest('p')?.textContent).toBe(
      'Ada Admin (ada@example.org) · Account: #3 (deleted)',
    );
    expect(rows()).toEqual([
      'Suspended = Before: NoAfter: Yes',
      'Reason = Before: noneAfter: Spam links.',
      'Comments removed = Before: noneAfter: 1,204',
    ]);
  });
});
