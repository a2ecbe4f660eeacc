import { Pencil, Trash2 } from 'lucide-react';
import type { PaperCard } from '../../../../common/papers.js';
import { Button } from '../../../components/ui/button.js';
import { DataTable, TABLE_CELL, TABLE_ROW } from '../../../components/ui/table.js';
import { useDates } from '../../../lib/dates.js';
import { useTranslation } from '../../../lib/i18n.js';

interface PapersTableProps {
  papers: readonly PaperCard[];
  busy: boolean;
  onEdit: (arxivId: string) => void;
  onDelete: (paper: PaperCard) => void;
}

/** A page of 'All Papers': arXiv id, title, submitted date, and Edit and Delete per row. */
export function PapersTable({ papers, busy, onEdit, onDelete }: PapersTableProps) {
  const { t } = useTranslation('admin-papers');
  const dates = useDates();
  const columns = (['arxivId', 'title', 'submitted', 'actions'] as const).map((key) => t(`list.columns.${key}`));
  return (
    <DataTable label={t('list.label')} columns={columns} minWidth="min-w-[44rem]">
      {papers.map((paper) => (
        <tr key={paper.arxivId} className={TABLE_ROW}>
          <td className={`${TABLE_CELL} whitespace-nowrap font-mono text-xs`} dir="ltr">
            {paper.arxivId}
          </td>
          <th scope="row" dir="auto" className={`${TABLE_CELL} text-start font-medium text-slate-900`}>
            {paper.title}
          </th>
          <td className={`${TABLE_CELL} whitespace-nowrap`}>{dates.date(paper.submittedDate, 'short')}</td>
          <td className={TABLE_CELL}>
            <div className="flex gap-2">
              <Button
                size="sm"
                aria-label={t('list.editNamed', { title: paper.title })}
                onClick={() => onEdit(paper.arxivId)}
              >
                <Pencil className="size-4" aria-hidden="true" />
                {t('list.edit')}
              </Button>
              <Button
                size="sm"
                variant="danger"
                disabled={busy}
                aria-label={t('list.deleteNamed', { title: paper.title })}
                onClick={() => onDelete(paper)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {t('list.delete')}
              </Button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
