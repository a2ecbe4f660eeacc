import { useQuery } from '@tanstack/react-query';
import { Copy, Download, X } from 'lucide-react';
import { useId } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { ModalDialog } from '../../../components/ui/modal-dialog.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { Toaster, toast } from '../../../components/ui/toaster.js';
import { useTranslation } from '../../../lib/i18n.js';
import { bibtexQueryOptions, bibtexUrl } from '../api.js';

/** The dialog's own toasts: shown inside it, above the inert page. */
const CITE_TOASTER = 'cite';

export interface CiteDialogProps {
  arxivId: string;
  open: boolean;
  onClose: () => void;
}

/** A paper's BibTeX entry, read-only, with Copy (a toast says how it went) and Download .bib. */
export function CiteDialog({ arxivId, open, onClose }: CiteDialogProps) {
  const { t } = useTranslation('citations');
  const titleId = useId();
  const descriptionId = useId();
  const entryId = useId();
  const { data: entry, isError, refetch } = useQuery({ ...bibtexQueryOptions(arxivId), enabled: open });

  const copy = async () => {
    if (!entry) return;
    try {
      await navigator.clipboard.writeText(entry);
      toast.success(t('copied'), { toasterId: CITE_TOASTER });
    } catch (error) {
      console.error('Copying the BibTeX entry failed', error);
      toast.error(t('copyFailed'), { toasterId: CITE_TOASTER });
    }
  };

  let body = <Spinner label={t('loading')} showLabel />;
  if (entry !== undefined) {
    body = (
      <>
        <label htmlFor={entryId} className="sr-only">
          {t('entryLabel')}
        </label>
        {/* LTR in Arabic too: BibTeX is code. */}
        <textarea
          id={entryId}
          dir="ltr"
          readOnly
          rows={12}
          value={entry}
          spellCheck={false}
          className="block max-h-[50dvh] w-full resize-none rounded-lg border border-slate-300 bg-slate-50 p-3 text-start font-mono text-xs leading-relaxed text-slate-900 sm:text-sm"
        />
      </>
    );
  } else if (isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-slate-700">{t('loadFailed')}</p>
        <Button onClick={() => void refetch()}>{t('tryAgain')}</Button>
      </div>
    );
  }

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} describedBy={descriptionId} className="max-w-2xl">
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('title')}
        </h2>
        <Button variant="ghost" size="icon" className="-me-2 -mt-2 shrink-0" onClick={onClose}>
          <X className="size-5" />
          <span className="sr-only">{t('close')}</span>
        </Button>
      </div>
      <p id={descriptionId} className="mt-1 mb-4 text-sm text-slate-700">
        {t('description')}
      </p>
      {body}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <a href={bibtexUrl(arxivId)} download className={buttonClasses('secondary')}>
          <Download className="size-4" />
          {t('download')}
        </a>
        <Button variant="primary" disabled={entry === undefined} onClick={() => void copy()}>
          <Copy className="size-4" />
          {t('copy')}
        </Button>
      </div>
      <Toaster id={CITE_TOASTER} />
    </ModalDialog>
  );
}
