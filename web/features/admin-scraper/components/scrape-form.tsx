import { Download } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';

interface ScrapeFormProps {
  busy: boolean;
  onScrape: (input: string, addToBookmarks: boolean) => void;
}

/** An arXiv id or URL, 'Add to bookmarks' and Scrape; empty input gives 'Please enter a paper ID or URL'. */
export function ScrapeForm({ busy, onScrape }: ScrapeFormProps) {
  const { t } = useTranslation('admin-scraper');
  const [input, setInput] = useState('');
  const [addToBookmarks, setAddToBookmarks] = useState(false);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = input.trim();
    setMissing(trimmed === '');
    if (trimmed !== '') onScrape(trimmed, addToBookmarks);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('inputLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          dir="ltr"
          value={input}
          maxLength={300}
          placeholder={t('placeholder')}
          aria-invalid={missing}
          aria-describedby={missing ? errorId : undefined}
          onChange={(event) => setInput(event.target.value)}
          className="h-10 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
        />
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          <Download className="size-4" aria-hidden="true" />
          {busy ? t('scraping') : t('scrape')}
        </Button>
      </div>
      {missing && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t('empty')}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={addToBookmarks}
          onChange={(event) => setAddToBookmarks(event.target.checked)}
          className="size-4 accent-indigo-700"
        />
        {t('addToBookmarks')}
      </label>
    </form>
  );
}
