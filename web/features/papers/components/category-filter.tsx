import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId } from 'react';
import { categoryName } from '../../../../common/category-name.js';
import { isCatchAllCategory } from '../../../../common/paper-rules.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { categoriesQueryOptions } from '../api.js';

interface CategoryFilterProps {
  value: string | null;
  onChange: (category: string | null) => void;
}

/** A native select: light, and keyboard and screen-reader friendly on every platform. */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const id = useId();
  const { data, error } = useQuery(categoriesQueryOptions());
  useEffect(() => {
    if (error) logUnexpected('Error loading categories', error);
  }, [error]);

  // Listed by the name the reader sees; the English name stays the value the list is filtered by.
  const options = (data ?? [])
    .filter((category) => !isCatchAllCategory(category.name))
    .map((category) => ({ value: category.name, label: categoryName(category, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  // A remembered category that is no longer listed stays selectable, so the select shows the truth.
  if (value && data && !options.some((option) => option.value === value)) options.unshift({ value, label: value });

  return (
    <div className="flex w-full items-center gap-3 sm:w-auto">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-700">
        {t('digest.categoryLabel')}
      </label>
      <div className="relative w-full sm:w-64">
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          className="h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white ps-3 pe-9 text-sm text-slate-900 hover:border-slate-400"
        >
          <option value="">{t('digest.allCategories')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}
