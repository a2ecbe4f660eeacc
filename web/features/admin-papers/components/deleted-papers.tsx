import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, RotateCcw, Search, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { DeletedPaper } from '../../../../common/admin-papers.js';
import { ROUTES } from '../../../../common/routes.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { Pager } from '../../../components/ui/pager.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { DataTable, TABLE_CELL, TABLE_ROW } from '../../../components/ui/table.js';
import { TextFieldForm } from '../../../components/ui/text-field-form.js';
import { toast } from '../../../components/ui/toaster.js';
import { ApiRequestError } from '../../../lib/api-client.js';
import { isolate } from '../../../lib/bidi.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';
import { logUnexpected } from '../../../lib/log-unexpected.js';
import { adminPaperKeys, deletedPapersQueryOptions, erasePaper, restoreDeletedPaper } from '../api.js';
import { Notice } from './notice.js';

/**
 * 'Deleted Papers', the recycle bin: the papers admins deleted, hidden from readers and kept with
 * their comments and bookmarks, with who deleted them and when. Restore brings one back whole;
 * Delete permanently erases it and keeps its id here, where import, scraping and the scheduled
 * ingest still leave it out (restoring an erased id allows it again).
 */
export function DeletedPapers() {
  const { t } = useTranslation('admin-papers');
  const dates = useDates();
  const queryClient = useQueryClient();
  const [prefix, setPrefix] = useState('');
  const [page, setPage] = useState(1);
  const [restoring, setRestoring] = useState<string | null>(null);
  const [toErase, setToErase] = useState<DeletedPaper | null>(null);
  const [erasing, setErasing] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);
  const { data, error } = useQuery({ ...deletedPapersQueryOptions(prefix, page), placeholderData: keepPreviousData });

  // Restoring the last id of the last page leaves that page empty: show the one before.
  const totalPages = data?.pagination.totalPages ?? 0;
  useEffect(() => {
    if (data && page > Math.max(totalPages, 1)) setPage(Math.max(totalPages, 1));
  }, [data, page, totalPages]);

  async function restore(arxivId: string) {
    setRestoring(arxivId);
    try {
      const { paperShown } = await restoreDeletedPaper(arxivId);
      toast.success(t(paperShown ? 'deleted.restoredWhole' : 'deleted.restored', { arxivId }));
      await queryClient.invalidateQueries({ queryKey: adminPaperKeys.all });
    } catch (failure) {
      logUnexpected('Failed to restore a deleted paper', failure);
      toast.error(t('deleted.restoreFailed', { arxivId }));
    } finally {
      setRestoring(null);
    }
  }

  async function erase(paper: DeletedPaper) {
    setErasing(true);
    setEraseError(null);
    try {
      await erasePaper(paper.arxivId);
      toast.success(t('deleted.erased', { arxivId: paper.arxivId }));
      setToErase(null);
      await queryClient.invalidateQueries({ queryKey: adminPaperKeys.all });
    } catch (failure) {
      logUnexpected('Failed to delete a paper permanently', failure);
      setEraseError(t('deleted.eraseFailed', { arxivId: paper.arxivId }));
    } finally {
      setErasing(false);
    }
  }

  let content: ReactNode = <Spinner label={t('deleted.loading')} showLabel />;
  if (error instanceof ApiRequestError && error.status === 400)
    content = <Notice alert>{t('deleted.badSearch')}</Notice>;
  else if (error) content = <Notice alert>{t('deleted.failed')}</Notice>;
  else if (data && data.items.length === 0)
    content = <Notice>{prefix ? t('deleted.noMatch', { prefix }) : t('deleted.empty')}</Notice>;
  else if (data)
    content = (
      <DataTable
        label={t('deleted.label')}
        columns={(['arxivId', 'title', 'deletedBy', 'deletedAt', 'actions'] as const).map((key) =>
          t(`deleted.columns.${key}`),
        )}
        minWidth="min-w-[52rem]"
      >
        {data.items.map((item) => (
          <tr key={item.arxivId} className={TABLE_ROW}>
            <th scope="row" dir="ltr" className={`${TABLE_CELL} whitespace-nowrap text-start font-mono text-xs`}>
              {item.arxivId}
            </th>
            <td className={TABLE_CELL}>
              {item.title === null ? (
                <span className="text-slate-600">{t('deleted.erasedPaper')}</span>
              ) : (
                <span dir="auto">{item.title}</span>
              )}
            </td>
            <td className={TABLE_CELL}>
              {item.deletedBy ? (
                <span className="flex flex-col">
                  <span dir="auto">{item.deletedBy.name}</span>
                  <span dir="ltr" className="text-start text-xs text-slate-600">
                    {item.deletedBy.email}
                  </span>
                </span>
              ) : (
                t('deleted.removedAccount')
              )}
            </td>
            <td className={`${TABLE_CELL} whitespace-nowrap`}>
              <time dateTime={item.deletedAt}>{dates.date(item.deletedAt, 'short')}</time>
            </td>
            <td className={TABLE_CELL}>
              <span className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={restoring !== null}
                  aria-busy={restoring === item.arxivId}
                  aria-label={t(item.title === null ? 'deleted.allowNamed' : 'deleted.restoreNamed', {
                    arxivId: item.arxivId,
                  })}
                  onClick={() => void restore(item.arxivId)}
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                  {t(item.title === null ? 'deleted.allow' : 'deleted.restore')}
                </Button>
                {item.title !== null && (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={restoring !== null}
                    aria-label={t('deleted.eraseNamed', { arxivId: item.arxivId })}
                    onClick={() => {
                      setEraseError(null);
                      setToErase(item);
                    }}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    {t('deleted.erase')}
                  </Button>
                )}
              </span>
            </td>
          </tr>
        ))}
      </DataTable>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-slate-700">{t('deleted.intro')}</p>
        <Link to={ROUTES.adminScraper.path} className={buttonClasses('secondary', 'md', 'shrink-0 self-start')}>
          <Download className="size-4" aria-hidden="true" />
          {t('deleted.scraper')}
        </Link>
      </div>
      {/* Searches the deleted ids by their start; an empty search lists them all. */}
      <TextFieldForm
        label={t('deleted.searchLabel')}
        placeholder={t('deleted.searchPlaceholder')}
        submitLabel={t('deleted.search')}
        icon={Search}
        maxLength={40}
        onSubmit={(next) => {
          setPrefix(next);
          setPage(1);
        }}
      />
      {content}
      <Pager
        page={data?.pagination.page ?? page}
        totalPages={totalPages}
        label={t('deleted.pagination')}
        onPageChange={setPage}
      />
      <ConfirmDialog
        open={toErase !== null}
        title={t('deleted.eraseConfirm.title')}
        message={t('deleted.eraseConfirm.message', {
          title: isolate(toErase?.title ?? ''),
          arxivId: isolate(toErase?.arxivId ?? ''),
        })}
        confirmLabel={t('deleted.eraseConfirm.confirm')}
        cancelLabel={t('deleted.eraseConfirm.cancel')}
        busy={erasing}
        error={eraseError}
        onConfirm={() => toErase && void erase(toErase)}
        onClose={() => setToErase(null)}
      />
    </div>
  );
}
