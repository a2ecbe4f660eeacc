import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

/** No post matches: the texts of SPEC §2, and a way out when a filter is the cause. */
export function BlogEmptyState({ onClear }: { onClear: (() => void) | null }) {
  const { t } = useTranslation('blog');
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <SearchX aria-hidden="true" className="mb-2 size-10 text-slate-500" />
      <p className="text-lg font-semibold text-slate-900">{t('emptyTitle')}</p>
      <p className="text-slate-600">{t('emptyHint')}</p>
      {onClear && (
        <Button className="mt-3" onClick={onClear}>
          {t('clearFilters')}
        </Button>
      )}
    </div>
  );
}
