import { Languages, PencilLine, Trash2 } from 'lucide-react';
import type { AdminCategory } from '../../../../common/admin-papers.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { CategoryNameForm } from './category-name-form.js';

/** Which name of which category is being edited, and whether its change is on its way. */
export interface CategoryEdit {
  name: string;
  field: 'name' | 'nameAr';
  saving: boolean;
}

interface CategoryListProps {
  categories: readonly AdminCategory[];
  /** The name being deleted, whose button waits. */
  deleting: string | null;
  onDelete: (category: AdminCategory) => void;
  editing: CategoryEdit | null;
  /** Opens the form of one name of a category; null closes it. */
  onEdit: (edit: Pick<CategoryEdit, 'name' | 'field'> | null) => void;
  /** The new value: a name, or an Arabic name (null removes it). */
  onSave: (name: string, field: CategoryEdit['field'], value: string | null) => void;
}

/** Every category with its Arabic name, each with its Rename, Arabic Name and Delete buttons. */
export function CategoryList({ categories, deleting, onDelete, editing, onEdit, onSave }: CategoryListProps) {
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
        const editingThis = editing?.name === name ? editing : null;
        const toggle = (field: CategoryEdit['field']) => onEdit(editingThis?.field === field ? null : { name, field });
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
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  aria-label={t('rename.editNamed', { name })}
                  aria-expanded={editingThis?.field === 'name'}
                  onClick={() => toggle('name')}
                >
                  <PencilLine className="size-4" aria-hidden="true" />
                  {t('rename.edit')}
                </Button>
                <Button
                  size="sm"
                  aria-label={t('arabic.editNamed', { name })}
                  aria-expanded={editingThis?.field === 'nameAr'}
                  onClick={() => toggle('nameAr')}
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
              <CategoryNameForm
                key={editingThis.field}
                arabic={editingThis.field === 'nameAr'}
                label={t(editingThis.field === 'name' ? 'rename.label' : 'arabic.label', { name })}
                hint={t(editingThis.field === 'name' ? 'rename.hint' : 'arabic.hint')}
                initial={(editingThis.field === 'name' ? name : nameAr) ?? ''}
                busy={editingThis.saving}
                onSave={(value) => onSave(name, editingThis.field, value)}
                onCancel={() => onEdit(null)}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
