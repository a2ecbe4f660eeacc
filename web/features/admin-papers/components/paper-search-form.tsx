import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';

/** Search by arXiv id (trimmed, non-empty); starts with the id the address names. */
export function PaperSearchForm({ initial, onSearch }: { initial: string; onSearch: (arxivId: string) => void }) {
  const { t } = useTranslation('admin-papers');
  const [input, setInput] = useState(initial);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = input.trim();
    setMissing(trimmed === '');
    if (trimmed !== '') onSearch(trimmed);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('search.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          dir="ltr"
          value={input}
          maxLength={300}
          placeholder={t('search.placeholder')}
          aria-invalid={missing}
          aria-describedby={missing ? errorId : undefined}
          onChange={(event) => setInput(event.target.value)}
          className="h-10 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
        />
        <Button type="submit" variant="primary">
          <Search className="size-4" aria-hidden="true" />
          {t('search.submit')}
        </Button>
      </div>
      {missing && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t('search.required')}
        </p>
      )}
    </form>
  );
}
