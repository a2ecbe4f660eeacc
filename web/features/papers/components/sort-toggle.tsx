import { useTranslation } from '../../../lib/i18n.js';
import type { DigestOrder } from '../navigation-state.js';

interface SortToggleProps {
  value: DigestOrder;
  onChange: (sort: DigestOrder) => void;
}

const SORTS = [
  { sort: 'newest', label: 'digest.sortNewest' },
  { sort: 'popular', label: 'digest.sortPopular' },
  { sort: 'for-you', label: 'digest.sortForYou' },
] as const;

/**
 * The list's order, or For you in its place: buttons, the chosen one pressed, so each is one Tab and
 * Enter away. For you is offered to visitors too, where it invites them to sign in: the row is the same
 * before and after the sign-in is known, and says what signing in brings.
 */
export function SortToggle({ value, onChange }: SortToggleProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex items-center gap-3">
      <legend className="sr-only">{t('digest.sortLabel')}</legend>
      <span aria-hidden="true" className="text-sm font-medium text-slate-700">
        {t('digest.sortLabel')}
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
        {SORTS.map(({ sort, label }) => (
          <button
            key={sort}
            type="button"
            aria-pressed={value === sort}
            onClick={() => onChange(sort)}
            className={`h-9 rounded-md px-3 text-sm font-medium ${value === sort ? 'bg-indigo-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
