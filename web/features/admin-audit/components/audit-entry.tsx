import type { AuditEntry } from '../../../../common/audit.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';

/** The longest value shown whole: a summary edited is a large object, cut after this many characters. */
const SHOWN_VALUE_LENGTH = 300;

function valueText(value: unknown, none: string): string {
  if (value === null || value === undefined) return none;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SHOWN_VALUE_LENGTH ? `${text.slice(0, SHOWN_VALUE_LENGTH)}…` : text;
}

/** One administrator action: when, who, what, on which object, and the values it changed. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin-audit');
  const dates = useDates();
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  let actor: string;
  if (entry.actor === null) actor = t('commandLine');
  else if (entry.actor.name === null) actor = t('deletedAccount', { id: entry.actor.id });
  else actor = `${entry.actor.name} (${entry.actor.email})`;
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-slate-900">{t(`actions.${entry.action}`)}</h2>
        <time dateTime={entry.createdAt} className="text-sm text-slate-600">
          {dates.dateTime(entry.createdAt)}
        </time>
      </header>
      <p className="text-sm text-slate-700">
        <bdi>{actor}</bdi>
        {' · '}
        {t(`objects.${entry.objectType}`)}{' '}
        <bdi dir="ltr" className="font-mono">
          {entry.objectId}
        </bdi>
      </p>
      {fields.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {fields.map((field) => (
            <div key={field} className="contents">
              <dt className="font-mono text-slate-600">{field}</dt>
              <dd className="break-words text-slate-900">
                {entry.before && (
                  <span className="block">
                    <span className="font-medium">{t('before')}:</span>{' '}
                    <bdi dir="auto">{valueText(entry.before[field], t('none'))}</bdi>
                  </span>
                )}
                {entry.after && (
                  <span className="block">
                    <span className="font-medium">{t('after')}:</span>{' '}
                    <bdi dir="auto">{valueText(entry.after[field], t('none'))}</bdi>
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
