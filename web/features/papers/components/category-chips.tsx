import { categoryName } from '../../../../common/category-name.js';
import type { CategoryRef } from '../../../../common/papers.js';
import { useTranslation } from '../../../lib/i18n.js';

export function CategoryChips({ categories }: { categories: CategoryRef[] }) {
  const { t, i18n } = useTranslation();
  if (categories.length === 0) return null;
  return (
    // Named by text before it, not aria-label: a list is not a landmark, and its name may go unread.
    <div>
      <p className="sr-only">{t('paper.categories')}</p>
      <ul className="flex flex-wrap gap-1.5">
        {categories.map((category) => (
          <li
            key={category.name}
            className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800"
          >
            {categoryName(category, i18n.resolvedLanguage)}
          </li>
        ))}
      </ul>
    </div>
  );
}
