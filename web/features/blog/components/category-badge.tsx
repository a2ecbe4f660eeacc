import { useTranslation } from '../../../lib/i18n.js';
import { type BlogCategory, type CategoryLabelKey, categoryLabelKey } from '../posts.js';

/** Tints with AA contrast between text and background; an unknown category is plain grey. */
const TINTS: Record<CategoryLabelKey, string> = {
  Views: 'bg-amber-100 text-amber-900',
  Announcements: 'bg-indigo-100 text-indigo-800',
  Guides: 'bg-emerald-100 text-emerald-900',
  Research: 'bg-sky-100 text-sky-900',
  Tutorials: 'bg-violet-100 text-violet-800',
  Uncategorized: 'bg-slate-100 text-slate-700',
};

export function CategoryBadge({ category }: { category: BlogCategory | null }) {
  const { t } = useTranslation('blog');
  const key = categoryLabelKey(category);
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TINTS[key]}`}>
      {t(`categories.${key}`)}
    </span>
  );
}
