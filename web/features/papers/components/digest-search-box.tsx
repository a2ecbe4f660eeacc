import { Search } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../../common/search-rules.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useLocalizedAddress } from '../../../lib/localized-links.js';
import { searchQueryOf } from '../navigation-state.js';

interface DigestSearchBoxProps {
  /** The search shown now, or null for the list. */
  query: string | null;
  /** The category chosen, which a search stays within. */
  category: string | null;
  onSearch: (query: string) => void;
  /** Ends the search shown now, back to the list. */
  onClear: () => void;
  /** The box took the focus: a search may follow. */
  onFocus?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The digest's search box and Search button; Enter searches too. A blank search ends the search shown
 * (its results would stand under an empty box) and otherwise does nothing. It is a GET form to the
 * digest, so a search typed before the page's code runs still works, within the chosen category.
 */
export function DigestSearchBox({ query, category, onSearch, onClear, onFocus, inputRef }: DigestSearchBoxProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const [text, setText] = useState(query ?? '');
  const localized = useLocalizedAddress();
  // The address changes the search too (Back, Forward, Clear Search): the box follows it.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setText(query ?? '');
  }

  return (
    <search className="mt-6 block max-w-2xl">
      <form
        action={localized('/ai-digest')}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          const next = searchQueryOf(text);
          if (next) onSearch(next);
          else if (query !== null) onClear();
        }}
        className="flex items-center gap-1 rounded-xl bg-white p-1.5 shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-white"
      >
        <label htmlFor={id} className="sr-only">
          {t('box.label')}
        </label>
        <Search aria-hidden="true" className="ms-2 size-5 shrink-0 text-slate-500" />
        <input
          ref={inputRef}
          id={id}
          name="q"
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={t('box.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
          onFocus={onFocus}
          className="h-10 min-w-0 flex-1 bg-transparent px-1 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
        />
        {category && <input type="hidden" name="category" value={category} />}
        <Button type="submit" variant="primary" className="shrink-0">
          {t('box.submit')}
        </Button>
      </form>
    </search>
  );
}
