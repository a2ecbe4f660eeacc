import { type LucideIcon, MoveLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './button.js';

interface PageHeadingProps {
  icon: LucideIcon;
  title: string;
  subtitle: string;
  /** The way back, at the heading's end ('Back to Admin Dashboard'). */
  back: { to: string; label: string };
}

/** A screen's h1 with its icon, a line under it, and the way back. */
export function PageHeading({ icon: Icon, title, subtitle, back }: PageHeadingProps) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex items-start gap-3">
        <Icon className="mt-1 size-8 shrink-0 text-indigo-700" aria-hidden="true" />
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-600">{subtitle}</p>
        </div>
      </div>
      <Link to={back.to} className={buttonClasses('secondary', 'md', 'shrink-0 self-start whitespace-nowrap')}>
        <MoveLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        {back.label}
      </Link>
    </div>
  );
}
