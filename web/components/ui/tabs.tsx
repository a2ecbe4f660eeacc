import type { KeyboardEvent } from 'react';

interface TabsProps<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** Prefixes the ids that tie each tab to its panel (see tabPanelProps). */
  idBase: string;
  tabs: readonly { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
}

export const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;

/** What the panel of tab `key` carries, so that it is named by its tab. */
export function tabPanelProps(idBase: string, key: string) {
  return {
    role: 'tabpanel',
    id: `${idBase}-panel-${key}`,
    'aria-labelledby': tabId(idBase, key),
    tabIndex: 0,
  } as const;
}

/**
 * A tab list as the ARIA pattern has it: one tab in the Tab order, the arrow keys (mirrored in
 * right-to-left pages), Home and End move between tabs and select them.
 */
export function Tabs<K extends string>({ label, idBase, tabs, selected, onSelect }: TabsProps<K>) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = (index + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    document.getElementById(tabId(idBase, tab.key))?.focus();
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 border-b border-slate-200">
      {tabs.map((tab) => {
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(idBase, tab.key)}
            aria-selected={active}
            aria-controls={`${idBase}-panel-${tab.key}`}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold transition-colors ${
              active ? 'border-indigo-700 text-indigo-800' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
