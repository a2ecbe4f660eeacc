import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.js';

/**
 * An admin list while it loads, when it failed (with a way to try again) or is empty, and otherwise
 * the list itself: one look for every admin screen that lists things.
 */
export function ListStates(props: {
  isPending: boolean;
  failed: boolean;
  isEmpty: boolean;
  onRetry: () => void;
  texts: { loading: string; failed: string; retry: string; empty: string };
  children: () => ReactNode;
}): ReactNode {
  const { texts } = props;
  if (props.isPending) {
    return (
      <p role="status" className="rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center text-slate-600">
        {texts.loading}
      </p>
    );
  }
  if (props.failed) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center"
      >
        <TriangleAlert className="size-8 text-red-700" aria-hidden="true" />
        <p className="font-semibold text-red-800">{texts.failed}</p>
        <Button onClick={props.onRetry}>{texts.retry}</Button>
      </div>
    );
  }
  if (props.isEmpty) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
        {texts.empty}
      </p>
    );
  }
  return props.children();
}
