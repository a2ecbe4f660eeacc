import { ChevronDown, ChevronRight, Menu } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.js';
import { type DocGroup, GROUP_ORDER } from '../docs-index.js';

type KnownGroup = (typeof GROUP_ORDER)[number];

function isKnownGroup(id: string): id is KnownGroup {
  return (GROUP_ORDER as readonly string[]).includes(id);
}

/** "release-notes" reads "Release notes" when a group has no translated name yet. */
function humanize(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function useGroupName(): (id: string) => string {
  const { t } = useTranslation('docs');
  return (id) => (isKnownGroup(id) ? t(`groups.${id}`) : humanize(id));
}

interface DocsSidebarProps {
  groups: readonly DocGroup[];
  currentSlug: string | null;
  currentTitle: string | null;
}

/**
 * The pages by group. Each group folds with its button (aria-expanded). From the laptop width up the
 * sidebar is a sticky column; below, it opens from a button that shows the current page.
 */
export function DocsSidebar({ groups, currentSlug, currentTitle }: DocsSidebarProps) {
  const { t } = useTranslation('docs');
  const groupName = useGroupName();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav
      aria-label={t('sidebarLabel')}
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-2 lg:sticky lg:top-24 lg:mb-0 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-start text-slate-900 hover:bg-slate-50 lg:hidden"
      >
        <Menu className="size-5 shrink-0 text-indigo-700" />
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-slate-600">{t('browse')}</span>
          {currentTitle && <span className="block truncate font-semibold">{currentTitle}</span>}
        </span>
        <ChevronDown className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={panelId} className={`${open ? 'mt-2 block' : 'hidden'} space-y-4 lg:mt-0 lg:block`}>
        {groups.map((group) => {
          const expanded = !collapsed.has(group.id);
          const listId = `${panelId}-${group.id}`;
          return (
            <div key={group.id}>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => toggle(group.id)}
                className="flex min-h-10 w-full items-center gap-1.5 rounded-lg px-2 text-start text-sm font-semibold text-slate-900 hover:bg-slate-100"
              >
                {expanded ? (
                  <ChevronDown className="size-4 shrink-0 text-slate-500" />
                ) : (
                  <ChevronRight className="size-4 shrink-0 text-slate-500 rtl:-scale-x-100" />
                )}
                {groupName(group.id)}
              </button>
              <ul id={listId} hidden={!expanded} className="mt-1 space-y-0.5 border-s border-slate-200 ms-4">
                {group.pages.map((page) => {
                  const current = page.slug === currentSlug;
                  return (
                    <li key={page.slug}>
                      <Link
                        to={{ search: `?page=${encodeURIComponent(page.slug)}` }}
                        aria-current={current ? 'page' : undefined}
                        onClick={() => setOpen(false)}
                        className={`-ms-px flex min-h-10 items-center border-s-2 px-3 py-1.5 text-sm ${
                          current
                            ? 'border-indigo-700 bg-indigo-50 font-semibold text-indigo-900'
                            : 'border-transparent text-slate-700 hover:border-slate-400 hover:bg-slate-100 hover:text-slate-900'
                        } rounded-e-lg`}
                      >
                        {page.title}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
