/**
 * A CSS spinner. The digest's Spinner draws a lucide icon; sharing it with these lazy screens would
 * split it into a chunk of its own on the digest's first load.
 */
export function SpinnerMark({ className = 'size-7' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-[3px] border-indigo-200 border-t-indigo-700 motion-reduce:animate-none ${className}`}
    />
  );
}

/** Busy, with a label for screen readers. */
export function BusyIndicator({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <SpinnerMark />
      <span className="sr-only">{label}</span>
    </div>
  );
}
