import { z } from 'zod';

/** The orders of the digest's list: newest submitted first, or most saved and discussed this week. */
export const PAPER_SORTS = ['newest', 'popular'] as const;
export const paperSortSchema = z.enum(PAPER_SORTS);
export type PaperSort = z.infer<typeof paperSortSchema>;

/** Bookmarks and comments count toward a paper's popularity for this many days. */
export const POPULAR_WINDOW_DAYS = 7;
/** A save or a comment counts half as much after this many days (exponential decay). */
export const POPULAR_HALF_LIFE_DAYS = 3;

const DAY_MS = 86_400_000;

/**
 * What one save or comment made `ageMs` ago adds to a paper's popularity: 1 when fresh, halving every
 * half-life; nothing once out of the window. Every event decays by the same factor as time passes, so
 * the order of two papers changes only with new activity or activity leaving the window.
 */
export function activityWeight(ageMs: number): number {
  if (ageMs >= POPULAR_WINDOW_DAYS * DAY_MS) return 0;
  return 2 ** (-Math.max(ageMs, 0) / (POPULAR_HALF_LIFE_DAYS * DAY_MS));
}

/** The saves and comments of the window that earned a paper its place in the Popular order. */
export const weekActivitySchema = z.object({
  saves: z.number().int().min(0),
  comments: z.number().int().min(0),
});
export type WeekActivity = z.infer<typeof weekActivitySchema>;
