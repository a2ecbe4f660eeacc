import { type KeyboardEvent, type ReactNode, useId } from 'react';

export interface TabDefinition<Key extends string> {
  key: Key;
  label: string;
  panel: ReactNode;
}

interface AuthTabsProps<Key extends string> {
  label: string;
  tabs: readonly TabDefinition<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
}

const TAB =
  'flex-1 rounded-lg px-3 py-2 text-sm font-semibold transition-colors aria-selected:bg-white aria-selected:text-indigo-800 aria-selected:shadow-sm aria-[selected=false]:text-slate-600 aria-[selected=false]:hover:text-slate-900';

/**
 * Tabs as the WAI-ARIA pattern has them: one tab stop, arrow keys (mirrored right to left), Home
 * and End move and select. Every panel stays mounted, so a half-typed form survives a switch.
 */
export function AuthTabs<Key extends string>({ label, tabs, selected, onSelect }: AuthTabsProps<Key>) {
  const id = useId();

  const focusTab = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onSelect(tab.key);
    document.getElementById(`${id}-tab-${tab.key}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.key === selected);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (step !== undefined) focusTab(current + step);
    else if (event.key === 'Home') focusTab(0);
    else if (event.key === 'End') focusTab(tabs.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 rounded-xl bg-slate-100 p-1">
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              id={`${id}-tab-${tab.key}`}
              type="button"
              role="tab"
              aria-selected={isSelected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={TAB}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={`${id}-panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== selected}
          className="mt-6"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
