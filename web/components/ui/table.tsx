import type { ReactNode } from 'react';

export const TABLE_HEAD = 'px-4 py-3 text-start text-sm font-semibold text-slate-600';
export const TABLE_CELL = 'px-4 py-3 align-middle text-sm text-slate-800';
export const TABLE_ROW = 'border-b border-slate-100 last:border-b-0 hover:bg-slate-50';

interface DataTableProps {
  /** The region's accessible name. */
  label: string;
  columns: readonly string[];
  /** The width below which the table scrolls sideways (a Tailwind min-width class). */
  minWidth?: string;
  /** The rows: <tr className={TABLE_ROW}> with TABLE_CELL cells. */
  children: ReactNode;
}

/**
 * A table of records under a header row. Should the columns not fit, it scrolls sideways in a
 * focusable region, so keyboard users can scroll it too.
 */
export function DataTable({ label, columns, minWidth = 'min-w-[52rem]', children }: DataTableProps) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <table className={`w-full ${minWidth} border-collapse`}>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-200">
            {columns.map((column) => (
              <th key={column} scope="col" className={TABLE_HEAD}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
