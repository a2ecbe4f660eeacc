import { Quote } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { lazyMenuLoader } from '../../../components/ui/lazy-menu.js';
import { loadNamespaces, useTranslation } from '../../../lib/i18n.js';
import type { CiteDialogProps } from './cite-dialog.js';

// The dialog, its texts and the toasts it shows load on the first press: the paper page's first
// load stays within its budget.
const citeDialog = lazyMenuLoader(async () => {
  const [{ CiteDialog }] = await Promise.all([import('./cite-dialog.js'), loadNamespaces(['citations'])]);
  return CiteDialog;
});

/** 'Cite': opens the paper's BibTeX entry, to copy or download. */
export function CiteButton({ arxivId }: { arxivId: string }) {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<ComponentType<CiteDialogProps> | null>(() => citeDialog.loaded());
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const openDialog = () => {
    setLoading(true);
    citeDialog
      .load()
      .then((component) => {
        setDialog(() => component);
        setOpen(true);
      })
      .catch((error: unknown) => console.error('Failed to load the citation dialog', error))
      .finally(() => setLoading(false));
  };

  return (
    <>
      <Button aria-haspopup="dialog" aria-busy={loading} onClick={openDialog}>
        <Quote className="size-4" />
        {t('paper.cite')}
      </Button>
      {Dialog && <Dialog arxivId={arxivId} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
