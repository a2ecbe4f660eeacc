import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.js';
import type { BlogAuthor } from '../posts.js';

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

export function PostAuthor({ author }: { author: BlogAuthor }) {
  const { t } = useTranslation('blog');
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="grid size-11 shrink-0 place-items-center rounded-full bg-indigo-100 text-sm font-bold text-indigo-800"
      >
        {initials(author.name)}
      </span>
      <p className="flex flex-col text-sm">
        <span className="sr-only">{t('post.writtenBy')} </span>
        <span className="font-semibold text-slate-900">{author.name}</span>
        {author.role && <span className="text-slate-600">{author.role}</span>}
      </p>
    </div>
  );
}

/** The post's tags; each opens the list searching for that tag. */
export function PostTags({ tags, listPath }: { tags: string[]; listPath: string }) {
  const { t } = useTranslation('blog');
  if (tags.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="me-1 text-sm font-semibold text-slate-700">{t('post.tags')}</h2>
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag}>
            <Link
              to={`${listPath}?${new URLSearchParams({ q: tag })}`}
              aria-label={t('post.tagLink', { tag })}
              className="inline-flex h-8 items-center rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-800"
            >
              <span aria-hidden="true" className="text-slate-500">
                #
              </span>
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
