import { useQuery } from '@tanstack/react-query';
import {
  Download,
  FileText,
  History,
  ListOrdered,
  type LucideIcon,
  MessageSquareWarning,
  MoveLeft,
  Tags,
  UserCog,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ADMIN_TILES, type AdminTileKey } from '../../common/routes.js';
import { PageShell } from '../components/layout/page-shell.js';
import { buttonClasses } from '../components/ui/button.js';
import { queueListQueryOptions } from '../features/admin-queue/api.js';
import { QueueCounts } from '../features/admin-queue/components/queue-counts.js';
import { SearchIndexStatus } from '../features/search/components/search-index-status.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';

/** The queue screen's first page: the dashboard shares its answer and its counts. */
const QUEUE_FIRST_PAGE = [1, 20] as const;

const TILE_ICONS = {
  queue: ListOrdered,
  papers: FileText,
  categories: Tags,
  users: UserCog,
  comments: MessageSquareWarning,
  audit: History,
} satisfies Record<AdminTileKey, LucideIcon>;

/** /admin: a tile per admin screen, the queue's counts, the search index's progress, the scraper and 'Back to AI Digest'. */
export function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const { t: tQueue } = useTranslation('admin-queue');
  useDocumentTitle(t('dashboard.title'));
  const queue = useQuery(queueListQueryOptions(...QUEUE_FIRST_PAGE));
  useEffect(() => {
    if (queue.error) console.error('Failed to fetch the queue', queue.error);
  }, [queue.error]);
  return (
    <PageShell>
      <div className="flex flex-col gap-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('dashboard.title')}</h1>
            <p className="mt-1 text-slate-600">{t('dashboard.subtitle')}</p>
          </div>
          <div className="flex flex-wrap gap-2 self-start">
            <Link to="/admin-scraper" className={buttonClasses('secondary')}>
              <Download className="size-4" aria-hidden="true" />
              {t('dashboard.scraper')}
            </Link>
            <Link to="/ai-digest" className={buttonClasses('secondary')}>
              <MoveLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              {t('dashboard.backToDigest')}
            </Link>
          </div>
        </div>
        <section className="flex flex-col gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{tQueue('counts.label')}</h2>
          {queue.data ? (
            <QueueCounts counts={queue.data.counts} />
          ) : (
            queue.error && <p className="text-sm text-slate-600">{tQueue('counts.unavailable')}</p>
          )}
        </section>
        <SearchIndexStatus />
        <ul className="grid gap-4 sm:grid-cols-2">
          {ADMIN_TILES.map(({ key, path }) => {
            const Icon = TILE_ICONS[key];
            return (
              <li key={key}>
                <Link
                  to={path}
                  className="group flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 sm:p-6"
                >
                  <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-indigo-100 text-indigo-700 group-hover:bg-indigo-700 group-hover:text-white">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <span className="flex flex-col gap-1">
                    <span className="text-lg font-semibold text-slate-900">{t(`dashboard.${key}.title`)}</span>
                    <span className="text-sm text-slate-600">{t(`dashboard.${key}.description`)}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </PageShell>
  );
}
