import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { categoryName } from '../../../../common/category-name.js';
import { ENGLISH_TEXT } from '../../../lib/arabic.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useLocalizedAddress } from '../../../lib/localized-links.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { relatedPapersQueryOptions } from '../api.js';

/**
 * The papers nearest to this one by meaning, each a link to its page. Fetched by the browser once
 * `enabled` (the reader nears them), and drawn only when there are some, below the paper and above its comments.
 */
export function RelatedPapers({ arxivId, enabled }: { arxivId: string; enabled: boolean }) {
  const { t, i18n } = useTranslation('search');
  const dates = useDates();
  const localized = useLocalizedAddress();
  const headingId = useId();
  const { data, error } = useQuery({ ...relatedPapersQueryOptions(arxivId), enabled });
  useEffect(() => {
    if (error) logUnexpected('Error loading related papers', error);
  }, [error]);

  if (!data || data.papers.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-7">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t('related.title')}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {data.papers.map((paper) => (
          <li key={paper.arxivId}>
            <Link to={localized(`/ai-digest/${paper.arxivId}`)} className="group block py-3">
              <span {...ENGLISH_TEXT} className="block font-semibold text-indigo-800 group-hover:underline">
                {paper.title}
              </span>
              <span className="mt-1 block text-sm text-slate-600">
                <time dateTime={paper.submittedDate}>{dates.date(paper.submittedDate)}</time>
                {paper.categories.length > 0 &&
                  ` · ${paper.categories.map((category) => categoryName(category, i18n.language)).join(i18n.language === 'ar' ? '، ' : ', ')}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
