import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.js';

interface BlogSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
}

/** Filters as the reader types; a labelled search landmark with a clear button. */
export function BlogSearchBox({ value, onChange }: BlogSearchBoxProps) {
  const { t } = useTranslation('blog');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <search className="relative block w-full lg:w-80">
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white ps-9 pe-10 text-sm text-slate-900 placeholder:text-slate-500 hover:border-slate-400 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {value && (
        <button
          type="button"
          aria-label={t('search.clear')}
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
          className="absolute end-1 top-1/2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X className="size-4" />
        </button>
      )}
    </search>
  );
}
