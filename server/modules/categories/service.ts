import { CATEGORY_EXISTS_ERROR, type CategoryUpdateBody } from '../../../common/admin-papers.js';
import type { CategoryRef } from '../../../common/papers.js';
import { AppError, notFound } from '../../errors.js';
import type { AuditRecord } from '../audit/repo.js';
import type { ContentVersion } from '../papers/content-version.js';
import type { CategoriesRepo } from './repo.js';

const auditOf = (action: AuditRecord['action'], adminId: number, name: string): AuditRecord => ({
  actorId: adminId,
  action,
  objectType: 'category',
  objectId: name,
});

/**
 * Category names show on every digest page, so every change shows at once (see ContentVersion). An
 * administrator's change is recorded in the audit log as `adminId`'s.
 */
export function createCategoriesService({
  repo,
  contentVersion,
}: {
  repo: CategoriesRepo;
  contentVersion: Pick<ContentVersion, 'changed'>;
}) {
  return {
    listNames: () => repo.listNames(),

    listWithArabicNames: () => repo.listWithArabicNames(),

    listWithPaperCounts: () => repo.listWithPaperCounts(),

    /**
     * Renames a category (a name another category has is refused, as create refuses it), and gives it
     * its Arabic name or takes it away (null); answers the category as papers refer to it.
     */
    async update(name: string, change: CategoryUpdateBody, adminId: number): Promise<CategoryRef> {
      const renamed = await repo.rename(name, change.name ?? name, auditOf('category.renamed', adminId, name));
      if (renamed === 'missing') throw notFound('Category not found');
      if (renamed === 'exists')
        throw new AppError(409, CATEGORY_EXISTS_ERROR, `Category "${change.name}" already exists`);
      const current = change.name ?? name;
      let nameAr = renamed.nameAr;
      if (change.nameAr !== undefined) {
        if (!(await repo.setArabicName(current, change.nameAr, auditOf('category.renamed', adminId, current)))) {
          throw notFound('Category not found');
        }
        nameAr = change.nameAr;
      }
      await contentVersion.changed();
      return { name: current, nameAr };
    },

    /** An existing name is not an error: it answers created false. */
    async create(name: string, adminId: number): Promise<{ created: boolean; category: string; message: string }> {
      const created = await repo.create(name, auditOf('category.created', adminId, name));
      if (created) await contentVersion.changed();
      return { created, category: name, message: created ? 'Category created' : 'Category already exists' };
    },

    /** Unlinks the category from its papers and removes it; the papers are otherwise left as they are. */
    async remove(name: string, adminId: number): Promise<{ success: boolean; message: string }> {
      if (!(await repo.remove(name, auditOf('category.deleted', adminId, name)))) throw notFound('Category not found');
      await contentVersion.changed();
      return { success: true, message: 'Category deleted' };
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
