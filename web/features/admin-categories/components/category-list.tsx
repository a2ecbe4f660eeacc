import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.js';

interface CategoryListProps {
  names: readonly string[];
  /** The name being deleted, whose button waits. */
  deleting: string | null;
  onDelete: (name: string) => void;
}

/** Every category, each with its Delete button. */
export function CategoryList({ names, deleting, onDelete }: CategoryListProps) {
  const { t } = useTranslation('admin-categories');
  if (names.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
        {t('list.empty')}
      </p>
    );
  return (
    <ul
      aria-label={t('list.label')}
      className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {names.map((name) => (
        <li key={name} className="flex items-center justify-between gap-3 px-5 py-3">
          <span dir="auto" className="font-medium text-slate-900">
            {name}
          </span>
          <Button
            size="sm"
            aria-label={t('list.deleteNamed', { name })}
            disabled={deleting !== null}
            aria-busy={deleting === name}
            onClick={() => onDelete(name)}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {t('list.delete')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
