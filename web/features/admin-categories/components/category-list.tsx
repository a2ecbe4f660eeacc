import { Languages, Trash2 } from 'lucide-react';
import type { AdminCategory } from '../../../../common/admin-papers.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { ArabicNameForm } from './arabic-name-form.js';

interface CategoryListProps {
  categories: readonly AdminCategory[];
  /** The name being deleted, whose button waits. */
  deleting: string | null;
  onDelete: (category: AdminCategory) => void;
  /** The name whose Arabic name is being edited, and whether its change is on its way. */
  editing: { name: string; saving: boolean } | null;
  onEdit: (name: string | null) => void;
  onSaveArabic: (name: string, nameAr: string | null) => void;
}

/** Every category with its Arabic name, each with its Edit Arabic Name and Delete buttons. */
export function CategoryList({ categories, deleting, onDelete, editing, onEdit, onSaveArabic }: CategoryListProps) {
  const { t } = useTranslation('admin-categories');
  if (categories.length === 0)
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
      {categories.map((category) => {
        const { name, nameAr } = category;
        const editingThis = editing?.name === name;
        return (
          <li key={name} className="px-5 py-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                {/* Isolated runs: each name keeps its own direction, the lines the page's alignment. */}
                <p className="font-medium text-slate-900">
                  <span dir="auto">{name}</span>
                </p>
                {nameAr ? (
                  <p className="text-sm text-slate-700">
                    <span lang="ar" dir="rtl">
                      {nameAr}
                    </span>
                  </p>
                ) : (
                  <p className="text-sm text-slate-600">{t('arabic.none')}</p>
                )}
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  aria-label={t('arabic.editNamed', { name })}
                  aria-expanded={editingThis}
                  onClick={() => onEdit(editingThis ? null : name)}
                >
                  <Languages className="size-4" aria-hidden="true" />
                  {t('arabic.edit')}
                </Button>
                <Button
                  size="sm"
                  aria-label={t('list.deleteNamed', { name })}
                  disabled={deleting !== null}
                  aria-busy={deleting === name}
                  onClick={() => onDelete(category)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('list.delete')}
                </Button>
              </div>
            </div>
            {editingThis && (
              <ArabicNameForm
                category={category}
                busy={editing.saving}
                onSave={(next) => onSaveArabic(name, next)}
                onCancel={() => onEdit(null)}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
