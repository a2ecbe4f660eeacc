import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  type AuditAction,
  type AuditObjectType,
} from '../../../../common/audit-rules.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { AuditFilter } from '../api.js';

const FIELD = 'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900';

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isObjectType = (value: string): value is AuditObjectType =>
  (AUDIT_OBJECT_TYPES as readonly string[]).includes(value);

/** The action, the administrator, the object: applied together, so that typing an id asks nothing yet. */
export function AuditFilters({ onApply }: { onApply: (filter: AuditFilter) => void }) {
  const { t } = useTranslation('admin-audit');
  const ids = { action: useId(), actor: useId(), objectType: useId(), objectId: useId() };
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [objectType, setObjectType] = useState('');
  const [objectId, setObjectId] = useState('');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const actorId = Number(actor.trim());
    onApply({
      ...(isAction(action) ? { action } : {}),
      ...(Number.isInteger(actorId) && actorId > 0 ? { actor: actorId } : {}),
      ...(isObjectType(objectType) ? { objectType } : {}),
      ...(objectId.trim() ? { objectId: objectId.trim() } : {}),
    });
  };
  const clear = () => {
    setAction('');
    setActor('');
    setObjectType('');
    setObjectId('');
    onApply({});
  };
  const labelled = (id: string, label: string, field: ReactNode) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {field}
    </div>
  );

  return (
    <form
      onSubmit={apply}
      aria-label={t('filters.label')}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      {labelled(
        ids.action,
        t('filters.action'),
        <select id={ids.action} className={FIELD} value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">{t('filters.allActions')}</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`actions.${value}`)}
            </option>
          ))}
        </select>,
      )}
      {labelled(
        ids.actor,
        t('filters.actor'),
        <input
          id={ids.actor}
          inputMode="numeric"
          dir="ltr"
          className={FIELD}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
        />,
      )}
      {labelled(
        ids.objectType,
        t('filters.objectType'),
        <select
          id={ids.objectType}
          className={FIELD}
          value={objectType}
          onChange={(event) => setObjectType(event.target.value)}
        >
          <option value="">{t('filters.allObjects')}</option>
          {AUDIT_OBJECT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`objects.${value}`)}
            </option>
          ))}
        </select>,
      )}
      {labelled(
        ids.objectId,
        t('filters.objectId'),
        <input
          id={ids.objectId}
          dir="ltr"
          maxLength={200}
          className={FIELD}
          value={objectId}
          onChange={(event) => setObjectId(event.target.value)}
        />,
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="primary">
          {t('filters.apply')}
        </Button>
        <Button onClick={clear}>{t('filters.clear')}</Button>
      </div>
    </form>
  );
}
