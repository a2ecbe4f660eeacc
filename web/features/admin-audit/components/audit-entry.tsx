import type { AuditEntry } from '../../../../common/audit.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useFormatCount } from '../../../lib/numbers.js';
import { actorText, fieldLabel, valueText } from '../audit-values.js';

/** The object acted on: an account by its name with its id beside it, anything else by its id. */
function ObjectName({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin-audit');
  if (entry.objectType === 'user' && entry.objectName !== null)
    return (
      <>
        <bdi dir="auto" className="font-medium">
          {entry.objectName}
        </bdi>{' '}
        <span className="text-slate-600">
          (<bdi dir="ltr">#{entry.objectId}</bdi>)
        </span>
      </>
    );
  if (entry.objectType === 'user') return <bdi>{t('deletedObjectAccount', { id: entry.objectId })}</bdi>;
  return (
    <bdi dir="ltr" className="font-mono">
      {entry.objectId}
    </bdi>
  );
}

/** One administrator action: when, who, what, on which object, and the values it changed. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin-audit');
  const dates = useDates();
  const formatCount = useFormatCount();
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const value = (field: string, values: Record<string, unknown>) => valueText(field, values[field], t, formatCount);
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-slate-900">{t(`actions.${entry.action}`)}</h2>
        <time dateTime={entry.createdAt} className="text-sm text-slate-600">
          {dates.dateTime(entry.createdAt)}
        </time>
      </header>
      <p className="text-sm text-slate-700">
        <bdi>{actorText(entry.actor, t)}</bdi>
        {' · '}
        {t(`objects.${entry.objectType}`)}: <ObjectName entry={entry} />
      </p>
      {fields.length > 0 && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {fields.map((field) => (
            <div key={field} className="contents">
              <dt className="text-slate-600">{fieldLabel(field, t)}</dt>
              <dd className="break-words text-slate-900">
                {entry.before && (
                  <span className="block">
                    <span className="font-medium">{t('before')}:</span>{' '}
                    <bdi dir="auto">{value(field, entry.before)}</bdi>
                  </span>
                )}
                {entry.after && (
                  <span className="block">
                    <span className="font-medium">{t('after')}:</span> <bdi dir="auto">{value(field, entry.after)}</bdi>
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
