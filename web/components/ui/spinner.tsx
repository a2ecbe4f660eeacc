import { LoaderCircle } from 'lucide-react';

interface SpinnerProps {
  label: string;
  /** Shows the label next to the spinner; otherwise only screen readers hear it. */
  showLabel?: boolean;
}

export function Spinner({ label, showLabel = false }: SpinnerProps) {
  return (
    <div
      role="status"
      // A page the server rendered with a spinner starts the app at once, to load what it waits for.
      data-loading=""
      className="flex items-center justify-center gap-3 py-16 text-slate-600"
    >
      <LoaderCircle className="size-7 animate-spin text-indigo-700 motion-reduce:animate-none" />
      <span className={showLabel ? 'text-base' : 'sr-only'}>{label}</span>
    </div>
  );
}
