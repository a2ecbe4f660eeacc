import { Download } from 'lucide-react';
import { useId } from 'react';
import { BOOKMARK_EXPORT_FORMATS, bookmarkExportPath } from '../../../../common/bookmark-export.js';
import { buttonClasses } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** Downloads of every bookmark, for a reference manager (BibTeX, RIS) or a spreadsheet (CSV). */
export function ExportLinks() {
  const { t } = useTranslation('bookmarks');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-8 flex flex-wrap items-center gap-2">
      <h2 id={headingId} className="me-1 text-sm font-semibold text-slate-700">
        {t('export.title')}
      </h2>
      {BOOKMARK_EXPORT_FORMATS.map((format) => (
        <a key={format} href={bookmarkExportPath(format)} download className={buttonClasses('secondary', 'sm')}>
          <Download className="size-4" aria-hidden="true" />
          {t(`export.${format}`)}
        </a>
      ))}
    </section>
  );
}
