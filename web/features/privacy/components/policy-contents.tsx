import { ChevronDown, ListTree } from 'lucide-react';
import { type MouseEvent, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../lib/i18n.js';

export interface ContentsEntry {
  id: string;
  title: string;
}

interface PolicyContentsProps {
  entries: readonly ContentsEntry[];
  activeId: string | null;
  onSelect: (id: string) => void;
}

/**
 * The contents list: a sticky column beside the text from the laptop width up, a list that opens
 * with a button above the text on narrower screens. The current section is marked for screen readers
 * too (aria-current).
 */
export function PolicyContents({ entries, activeId, onSelect }: PolicyContentsProps) {
  const { t } = useTranslation('privacy');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const select = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // Modified clicks (new tab, new window) keep the browser's behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    // Close the phone list first, so the scroll to the section measures the page as it will be.
    flushSync(() => setOpen(false));
    onSelect(id);
  };
  return (
    <nav
      aria-label={t('contents')}
      className="mb-8 rounded-2xl border border-slate-200 bg-white p-2 lg:sticky lg:top-24 lg:mb-0 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-start font-semibold text-slate-900 hover:bg-slate-50 lg:hidden"
      >
        <ListTree className="size-5 text-indigo-700" />
        <span className="flex-1">{t('contents')}</span>
        <span className="sr-only">{open ? t('hideContents') : t('showContents')}</span>
        <ChevronDown className={`size-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <p className="hidden px-3 pb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase lg:block">
        {t('contents')}
      </p>
      <ol id={listId} className={`${open ? 'mt-1 block' : 'hidden'} space-y-0.5 lg:block`}>
        {entries.map(({ id, title }, index) => {
          const current = id === activeId;
          return (
            <li key={id}>
              <a
                href={`#${id}`}
                aria-current={current ? 'location' : undefined}
                onClick={(event) => select(event, id)}
                className={`flex min-h-10 items-center gap-3 rounded-lg border-s-2 px-3 py-1.5 text-sm transition-colors ${
                  current
                    ? 'border-indigo-700 bg-indigo-50 font-semibold text-indigo-900'
                    : 'border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                }`}
              >
                <span className={`w-5 shrink-0 tabular-nums ${current ? 'text-indigo-700' : 'text-slate-500'}`}>
                  {index + 1}.
                </span>
                {title}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
