import { Download } from 'lucide-react';
import { useState } from 'react';
import { FormCheckbox, TextFieldForm } from '../../../components/ui/text-field-form.js';
import { useTranslation } from '../../../lib/i18n.js';

interface ScrapeFormProps {
  busy: boolean;
  onScrape: (input: string, addToBookmarks: boolean) => void;
}

/** An arXiv id or URL, 'Add to bookmarks' and Scrape; empty input gives 'Please enter a paper ID or URL'. */
export function ScrapeForm({ busy, onScrape }: ScrapeFormProps) {
  const { t } = useTranslation('admin-scraper');
  const [addToBookmarks, setAddToBookmarks] = useState(false);
  return (
    <TextFieldForm
      framed
      label={t('inputLabel')}
      placeholder={t('placeholder')}
      requiredMessage={t('empty')}
      submitLabel={t('scrape')}
      busyLabel={t('scraping')}
      icon={Download}
      busy={busy}
      onSubmit={(input) => onScrape(input, addToBookmarks)}
    >
      <FormCheckbox label={t('addToBookmarks')} checked={addToBookmarks} onChange={setAddToBookmarks} />
    </TextFieldForm>
  );
}
