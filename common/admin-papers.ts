import { z } from 'zod';
import { CATEGORY_NAME_MAX_LENGTH, hasControlCharacter } from './paper-rules.js';
import { categoryRefSchema, httpLinkSchema, summarySchema } from './papers.js';
import { userPaginationSchema } from './users.js';

/** PUT /api/papers/{arxivId}: the admin edit form. The summary may come as an object or as JSON text. */
export const paperUpdateBodySchema = z.object({
  version: z.number().int().min(1).max(1000),
  title: z.string().trim().min(1).max(1000),
  pdfUrl: httpLinkSchema,
  abstract: z.string().trim().min(1).max(20_000),
  summary: z
    .union([summarySchema, z.string().max(100_000)])
    .nullable()
    .optional(),
});
export type PaperUpdateBody = z.infer<typeof paperUpdateBodySchema>;

/** A category name (or Arabic name) as an admin types it: trimmed, 1–100 characters, no control character. */
export const categoryNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(CATEGORY_NAME_MAX_LENGTH)
  .refine((name) => !hasControlCharacter(name), 'must not contain control characters');

/** POST /api/papers/{arxivId}/categories: the paper's categories become exactly these names. */
export const paperCategoriesBodySchema = z.object({
  categories: z.array(categoryNameSchema).max(50),
});

/** POST /api/categories. */
export const categoryCreateBodySchema = z.object({ name: categoryNameSchema });
export const categoryCreateAnswerSchema = z.object({
  created: z.boolean(),
  category: z.string(),
  message: z.string(),
});

/** PUT /api/categories/{name}: a new (English) name, the Arabic name (null removes it), or both. */
export const categoryUpdateBodySchema = z
  .object({
    name: categoryNameSchema.optional().meta({
      description: 'The new name, trimmed, 1–100 characters without control characters; its papers follow it.',
      examples: ['AI Agents'],
    }),
    nameAr: categoryNameSchema
      .nullable()
      .optional()
      .meta({
        description: 'The Arabic name, trimmed, 1–100 characters without control characters; null removes it.',
        examples: ['وكلاء الذكاء الاصطناعي'],
      }),
  })
  .refine((body) => body.name !== undefined || body.nameAr !== undefined, 'give name, nameAr or both');
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBodySchema>;

/** A rename refused because another category has that name (409). */
export const CATEGORY_EXISTS_ERROR = 'category_exists';

/** DELETE /api/categories/{name}. */
export const categoryDeleteAnswerSchema = z.object({ success: z.boolean(), message: z.string() });

/** GET /api/admin/categories: every category with how many papers carry it, so a delete can say what it touches. */
export const adminCategoryListSchema = z.array(categoryRefSchema.extend({ paperCount: z.number().int().min(0) }));
export type AdminCategory = z.infer<typeof adminCategoryListSchema>[number];

/** DELETE /api/papers/{arxivId}: the paper goes to the recycle bin, hidden from readers with its bookmarks and comments. */
export const paperDeleteAnswerSchema = z.object({ message: z.string() });

/** An arXiv id an admin deleted: import, scraping and the scheduled ingest skip it until it is restored. */
export const deletedPaperSchema = z.object({
  arxivId: z.string(),
  deletedAt: z.string(),
  /** The admin who deleted it; null once that account is gone. */
  deletedBy: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  /** The kept paper's title; null once it was deleted permanently (only its id is remembered). */
  title: z.string().nullable(),
});
export type DeletedPaper = z.infer<typeof deletedPaperSchema>;

/** GET /api/admin/deleted-papers?q&page&limit: newest deletion first. */
export const deletedPaperListSchema = z.object({
  items: z.array(deletedPaperSchema),
  pagination: userPaginationSchema,
});
export type DeletedPaperList = z.infer<typeof deletedPaperListSchema>;

/**
 * DELETE /api/admin/deleted-papers/{arxivId}: the kept paper is shown again with its comments and
 * bookmarks (paperShown), or, deleted permanently, its id may be imported and scraped again.
 */
export const deletedPaperRestoreAnswerSchema = z.object({ message: z.string(), paperShown: z.boolean() });
export type DeletedPaperRestoreAnswer = z.infer<typeof deletedPaperRestoreAnswerSchema>;

/** DELETE /api/admin/deleted-papers/{arxivId}/paper: the kept paper is erased; its id stays deleted. */
export const deletedPaperEraseAnswerSchema = z.object({ message: z.string() });
