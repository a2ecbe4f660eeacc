import { z } from 'zod';
import { summarySchema } from './papers.js';

/** PUT /api/papers/{arxivId}: the admin edit form. The summary may come as an object or as JSON text. */
export const paperUpdateBodySchema = z.object({
  version: z.number().int().min(1).max(1000),
  title: z.string().trim().min(1).max(1000),
  pdfUrl: z.string().trim().url().max(2000),
  abstract: z.string().trim().min(1).max(20_000),
  summary: z
    .union([summarySchema, z.string().max(100_000)])
    .nullable()
    .optional(),
});
export type PaperUpdateBody = z.infer<typeof paperUpdateBodySchema>;

/** POST /api/papers/{arxivId}/categories: the paper's categories become exactly these names. */
export const paperCategoriesBodySchema = z.object({
  categories: z.array(z.string().trim().min(1).max(100)).max(50),
});

/** POST /api/categories. */
export const categoryCreateBodySchema = z.object({ name: z.string().trim().min(1).max(100) });
export const categoryCreateAnswerSchema = z.object({
  created: z.boolean(),
  category: z.string(),
  message: z.string(),
});

/** PUT /api/categories/{name}: the category's Arabic name; null removes it. */
export const categoryArabicNameBodySchema = z.object({
  nameAr: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullable()
    .meta({
      description: 'The Arabic name, trimmed, 1–100 characters; null removes it.',
      examples: ['وكلاء الذكاء الاصطناعي'],
    }),
});

/** DELETE /api/categories/{name}. */
export const categoryDeleteAnswerSchema = z.object({ success: z.boolean(), message: z.string() });

/** DELETE /api/papers/{arxivId}: the paper is gone, with its bookmarks, comments and category links. */
export const paperDeleteAnswerSchema = z.object({ message: z.string() });
