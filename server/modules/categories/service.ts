import type { CategoryRef } from '../../../common/papers.js';
import { notFound } from '../../errors.js';
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

    /** Gives a category its Arabic name, or takes it away (null); answers the category as papers refer to it. */
    async setArabicName(name: string, nameAr: string | null, adminId: number): Promise<CategoryRef> {
      if (!(await repo.setArabicName(name, nameAr, auditOf('category.renamed', adminId, name)))) {
        throw notFound('Category not found');
      }
      await contentVersion.changed();
      return { name, nameAr };
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
