import type { ReactNode } from 'react';

/** A line in place of a list or a form: empty, not found, or failed (`alert`, announced at once). */
export function Notice({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <p
      role={alert ? 'alert' : undefined}
      className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-700"
    >
      {children}
    </p>
  );
}
