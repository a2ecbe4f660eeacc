import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Tags } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type AdminCategory, CATEGORY_EXISTS_ERROR } from '../../common/admin-papers.js';
import { PageShell } from '../components/layout/page-shell.js';
import { Button } from '../components/ui/button.js';
import { PageHeading } from '../components/ui/page-heading.js';
import { Spinner } from '../components/ui/spinner.js';
import { Toaster, toast } from '../components/ui/toaster.js';
import {
  categoryAdminKeys,
  categoryListQueryOptions,
  createCategory,
  deleteCategory,
  updateCategory,
} from '../features/admin-categories/api.js';
import { AddCategoryForm } from '../features/admin-categories/components/add-category-form.js';
import { type CategoryEdit, CategoryList } from '../features/admin-categories/components/category-list.js';
import { DeleteCategoryDialog } from '../features/admin-categories/components/delete-category-dialog.js';
import { paperKeys } from '../features/papers/api.js';
import { ApiRequestError } from '../lib/api-client.js';
import { useDocumentTitle } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { logUnexpected } from '../lib/log-unexpected.js';

/** /admin/categories: add, list with the Arabic names to edit and delete, Refresh. */
export function ManageCategoriesPage() {
  const { t } = useTranslation('admin-categories');
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const { data, error, isPending, isFetching, refetch } = useQuery(categoryListQueryOptions());
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<AdminCategory | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const [editing, setEditing] = useState<CategoryEdit | null>(null);

  useEffect(() => {
    if (!error) return;
    logUnexpected('Failed to fetch categories', error);
    toast.error(t('toast.fetchFailed'));
  }, [error, t]);

  // The digest's filter and cards show category names too.
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoryAdminKeys.list }),
      queryClient.invalidateQueries({ queryKey: paperKeys.categories() }),
      queryClient.invalidateQueries({ queryKey: paperKeys.all }),
    ]);

  async function add(name: string): Promise<boolean> {
    setAdding(true);
    try {
      const answer = await createCategory(name);
      if (answer.created) toast.success(t('toast.created', { name: answer.category }));
      else toast.info(t('toast.exists', { name: answer.category }));
      await changed();
      return true;
    } catch (failure) {
      logUnexpected('Failed to create category', failure);
      toast.error(t('toast.createFailed'));
      return false;
    } finally {
      setAdding(false);
    }
  }

  function askToDelete(category: AdminCategory) {
    setDeleteFailed(false);
    setConfirming(category);
  }

  async function remove(name: string) {
    setDeleting(name);
    setDeleteFailed(false);
    try {
      await deleteCategory(name);
      setConfirming(null);
      toast.success(t('toast.deleted', { name }));
      await changed();
    } catch (failure) {
      logUnexpected('Failed to delete category', failure);
      setDeleteFailed(true);
    } finally {
      setDeleting(null);
    }
  }

  /** A new name (another category's name is refused, as when adding) or Arabic name (null removes it). */
  async function save(name: string, field: CategoryEdit['field'], value: string | null) {
    if (field === 'name' && value === name) {
      setEditing(null);
      return;
    }
    setEditing({ name, field, saving: true });
    try {
      const saved = await updateCategory(name, field === 'name' ? { name: value ?? name } : { nameAr: value });
      if (field === 'name') toast.success(t('toast.renamed', { name, newName: saved.name }));
      else toast.success(t(value ? 'toast.arabicSaved' : 'toast.arabicRemoved', { name }));
      await changed();
      setEditing(null);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === CATEGORY_EXISTS_ERROR)
        toast.error(t('toast.exists', { name: value ?? '' }));
      else {
        logUnexpected(field === 'name' ? 'Failed to rename the category' : 'Failed to save the Arabic name', failure);
        toast.error(t(field === 'name' ? 'toast.renameFailed' : 'toast.arabicFailed'));
      }
      setEditing({ name, field, saving: false });
    }
  }

  return (
    <PageShell>
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <PageHeading
          icon={Tags}
          title={t('title')}
          subtitle={t('subtitle')}
          back={{ to: '/admin', label: t('backToDashboard') }}
        />
        <AddCategoryForm busy={adding} onAdd={add} />
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900">
            {t('list.label')}
            {data && (
              <span className="ms-2 text-sm font-normal text-slate-600">{t('list.count', { count: data.length })}</span>
            )}
          </h2>
          <Button onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('list.refresh')}
          </Button>
        </div>
        {isPending ? (
          <Spinner label={t('list.loading')} showLabel />
        ) : (
          <CategoryList
            categories={data ?? []}
            deleting={deleting}
            onDelete={askToDelete}
            editing={editing}
            onEdit={(edit) => setEditing(edit && { ...edit, saving: false })}
            onSave={(name, field, value) => void save(name, field, value)}
          />
        )}
      </div>
      <DeleteCategoryDialog
        category={confirming}
        deleting={deleting !== null}
        failed={deleteFailed}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming.name)}
      />
      <Toaster />
    </PageShell>
  );
}
