import { useTranslation } from '../../../lib/i18n.js';
import { BLOG_CATEGORIES, type BlogCategory } from '../posts.js';

interface BlogCategoryFilterProps {
  value: BlogCategory | null;
  onChange: (category: BlogCategory | null) => void;
}

const BUTTON =
  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors motion-reduce:transition-none';
const IDLE = 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-100';
const PRESSED = 'border-indigo-700 bg-indigo-700 text-white';

/** Toggle buttons of SPEC §2: All and the five categories; the pressed one is the filter. */
export function BlogCategoryFilter({ value, onChange }: BlogCategoryFilterProps) {
  const { t } = useTranslation('blog');
  const options: Array<[BlogCategory | null, string]> = [
    [null, t('categories.all')],
    ...BLOG_CATEGORIES.map((category): [BlogCategory, string] => [category, t(`categories.${category}`)]),
  ];
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">{t('categories.label')}</legend>
      {options.map(([category, label]) => (
        <button
          key={category ?? 'all'}
          type="button"
          aria-pressed={value === category}
          onClick={() => onChange(category)}
          className={`${BUTTON} ${value === category ? PRESSED : IDLE}`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
