import { X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n.js';
import type { AdminCommentFilter } from '../api.js';

interface AdminCommentFiltersProps {
  filter: AdminCommentFilter;
  onChange: (filter: AdminCommentFilter) => void;
}

/** Reported only, and the paper or author picked from a comment ('Only this paper'), each removable. */
export function AdminCommentFilters({ filter, onChange }: AdminCommentFiltersProps) {
  const { t } = useTranslation('admin-comments');
  const reportedId = useId();
  const chips = [
    filter.paper && {
      key: 'paper',
      label: t('filters.paper', { title: filter.paper.title }),
      clear: () => onChange({ ...filter, paper: undefined }),
    },
    filter.author && {
      key: 'author',
      label: t('filters.author', { name: filter.author.name }),
      clear: () => onChange({ ...filter, author: undefined }),
    },
  ].filter((chip) => chip !== undefined);
  return (
    <fieldset className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="sr-only">{t('filters.label')}</legend>
      <label htmlFor={reportedId} className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          id={reportedId}
          type="checkbox"
          checked={filter.reported}
          onChange={(event) => onChange({ ...filter, reported: event.target.checked })}
          className="size-4 accent-indigo-700"
        />
        {t('filters.reportedOnly')}
      </label>
      {chips.map((chip) => (
        <span
          key={chip.key}
          className="flex items-center gap-1 rounded-full bg-indigo-50 ps-3 pe-1 text-sm text-indigo-900"
        >
          <bdi className="max-w-64 truncate">{chip.label}</bdi>
          <button
            type="button"
            aria-label={`${t('filters.clear')}: ${chip.label}`}
            onClick={chip.clear}
            className="grid size-7 place-items-center rounded-full hover:bg-indigo-100"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </span>
      ))}
    </fieldset>
  );
}
