import type { AuditEntry } from '../../../common/audit.js';
import type { TFunction } from '../../lib/i18n.js';

/** The longest value shown whole: a summary edited is a large object, cut after this many characters. */
const SHOWN_VALUE_LENGTH = 300;

type Translate = TFunction<'admin-audit'>;
type AuditTexts = typeof import('../../locales/en/admin-audit.json');
type LabelledField = keyof AuditTexts['fields'];
type Outcome = keyof AuditTexts['values']['outcome'];

/** The fields the log records, each with a label in every language. */
const LABELLED_FIELDS = [
  'isVerified',
  'reason',
  'dismissed',
  'suspended',
  'commentsRemoved',
  'role',
  'name',
  'nameAr',
  'papers',
  'title',
  'version',
  'pdfUrl',
  'abstract',
  'summary',
  'categories',
  'outcome',
  'processNow',
  'addToFront',
  'addToBookmarks',
] as const satisfies readonly LabelledField[];
const OUTCOMES = [
  'queued',
  'processing',
  'queued_next',
  'already_processed',
  'refreshed',
  'already_queued',
] as const satisfies readonly Outcome[];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A field's label in the page's language; a field the site has no label for keeps its own name. */
export function fieldLabel(field: string, t: Translate): string {
  return isOneOf(LABELLED_FIELDS, field) ? t(`fields.${field}`) : field;
}

/**
 * A value as the page's language says it: yes or no, a role or a scrape's outcome by its label, a
 * count grouped, a list joined; what a person wrote (a reason, a title, a name) as written.
 */
export function valueText(field: string, value: unknown, t: Translate, formatCount: (value: number) => string): string {
  if (value === null || value === undefined) return t('none');
  if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') {
    if (field === 'role' && (value === 'user' || value === 'admin')) return t(`values.role.${value}`);
    if (field === 'outcome' && isOneOf(OUTCOMES, value)) return t(`values.outcome.${value}`);
    return shortened(value);
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(t('listSeparator'));
  return shortened(JSON.stringify(value));
}

const shortened = (text: string) => (text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH)}…` : text);

/** Who acted: the administrator by name and address, the command line, or an account since deleted. */
export function actorText(actor: AuditEntry['actor'], t: Translate): string {
  if (actor === null) return t('commandLine');
  if (actor.name === null) return t('deletedAccount', { id: String(actor.id) });
  return `${actor.name} (${actor.email})`;
}
