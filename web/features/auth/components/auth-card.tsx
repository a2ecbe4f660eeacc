import type { ReactNode } from 'react';
import { PageShell } from '../../../components/layout/page-shell.js';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}

/** The centred card of every account screen, inside the site's header and main landmark. */
export function AuthCard({ title, subtitle, icon, children }: AuthCardProps) {
  return (
    <PageShell>
      <div className="mx-auto w-full max-w-md py-2 sm:py-8">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          {icon && <div className="mb-4 flex justify-center">{icon}</div>}
          <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-center text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </PageShell>
  );
}
