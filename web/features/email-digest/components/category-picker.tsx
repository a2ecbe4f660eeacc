import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { categoryMatches, sortedByShownName } from '../../../../common/category-match.js';
import type { CategoryRef } from '../../../../common/papers.js';
import { useTranslation } from '../../../lib/i18n.js';

/**
 * With more categories than this, a filter box helps find one, and the list scrolls in a box of its
 * own, so Save stays near on a phone.
 */
export const FILTER_FROM = 8;
const LONG_LIST = 'max-h-[26rem] overflow-y-auto rounded-xl border border-slate-200 bg-slate-50/60 p-2';

interface CategoryPickerProps {
  /** The categories that can be followed, with their Arabic names. */
  available: CategoryRef[];
  /** Names of the chosen categories. */
  selected: string[];
  onChange: (selected: string[]) => void;
  /** The most that may be chosen; the other boxes are disabled once reached. */
  max: number;
}

const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-checked:border-indigo-300 has-checked:bg-indigo-50 has-disabled:cursor-not-allowed has-disabled:opacity-60';

/** Checkboxes of the categories to follow, in a filterable grid, with the count chosen. */
export function CategoryPicker({ available, selected, onChange, max }: CategoryPickerProps) {
  const { t, i18n } = useTranslation('email-digest');
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const hintId = useId();
  // A chosen category that is no longer offered (deleted meanwhile) is neither shown nor counted.
  const chosen = new Set(selected.filter((name) => available.some((category) => category.name === name)));
  // Listed by the name the reader sees, found by either name.
  const shown = sortedByShownName(
    available.filter((category) => categoryMatches(category, filter)),
    i18n.resolvedLanguage,
  );
  const full = chosen.size >= max;
  const long = available.length > FILTER_FROM;

  const toggle = (name: string, checked: boolean) =>
    onChange(checked ? [...selected, name] : selected.filter((other) => other !== name));

  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-3">
      <legend className="text-base font-semibold text-slate-900">{t('categories.legend')}</legend>
      <p id={hintId} className="-mt-1 text-sm text-slate-600">
        {t('categories.hint')}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {long && (
          <div className="relative sm:w-72">
            <label htmlFor={filterId} className="sr-only">
              {t('categories.filter')}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            />
            <input
              id={filterId}
              type="search"
              value={filter}
              placeholder={t('categories.filter')}
              autoComplete="off"
              onChange={(event) => setFilter(event.target.value)}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white ps-9 pe-3 text-base text-slate-900 placeholder:text-slate-500 hover:border-slate-400 sm:text-sm"
            />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <p aria-live="polite" className="font-medium text-slate-700">
            {t('categories.selected', { count: chosen.size })}
          </p>
          {chosen.size > 0 && (
            <button
              type="button"
              onClick={() => onChange([])}
              className="rounded font-medium text-indigo-700 hover:underline"
            >
              {t('categories.clear')}
            </button>
          )}
          {full && <p className="text-amber-800">{t('categories.limit', { max })}</p>}
        </div>
      </div>
      {available.length === 0 && <p className="text-sm text-slate-600">{t('categories.none')}</p>}
      {available.length > 0 && shown.length === 0 && (
        <p className="text-sm text-slate-600">{t('categories.noMatch', { filter: filter.trim() })}</p>
      )}
      <ul className={`grid grid-cols-1 content-start gap-2 sm:grid-cols-2 lg:grid-cols-3 ${long ? LONG_LIST : ''}`}>
        {shown.map(({ category: { name }, label }) => (
          <li key={name}>
            <label className={OPTION}>
              <input
                type="checkbox"
                checked={chosen.has(name)}
                disabled={full && !chosen.has(name)}
                onChange={(event) => toggle(name, event.target.checked)}
                className="size-4 shrink-0 accent-indigo-700"
              />
              <span className="min-w-0 break-words">{label}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
