import { useMemo } from 'react';
import { Pagination } from '../../../components/ui/pagination.js';
import { useTranslation } from '../../../lib/i18n.js';
import { filterEntries, paginate, toListEntries } from '../list-filter.js';
import type { BlogCategory, BlogPost } from '../posts.js';
import { BlogEmptyState } from './empty-state.js';
import { PostGrid } from './post-grid.js';

interface BlogResultsProps {
  posts: BlogPost[];
  category: BlogCategory | null;
  query: string;
  page: number;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}

/**
 * The filtered, paged cards with their count and pagination. The list page loads this part in
 * parallel with blogs.json, so its first render needs only the page's frame.
 */
export function BlogResults({ posts, category, query, page, onPageChange, onClearFilters }: BlogResultsProps) {
  const { t } = useTranslation('blog');
  const entries = useMemo(() => toListEntries(posts), [posts]);
  const matching = useMemo(() => filterEntries(entries, { category, query }), [entries, category, query]);
  const shown = paginate(matching, page);
  const filtering = category !== null || query.trim() !== '';

  return (
    <>
      <p role="status" className={`mb-4 text-sm text-slate-600 ${matching.length > 0 ? '' : 'sr-only'}`}>
        {t('resultCount', { count: matching.length })}
      </p>
      {shown.items.length > 0 ? (
        <PostGrid entries={shown.items} />
      ) : (
        <BlogEmptyState onClear={filtering ? onClearFilters : null} />
      )}
      {shown.totalPages > 1 && (
        <div className="mt-10">
          <Pagination
            currentPage={shown.page}
            totalPages={shown.totalPages}
            onPageChange={onPageChange}
            showFirstLast={false}
          />
        </div>
      )}
    </>
  );
}
