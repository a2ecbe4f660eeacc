import { EXPORT_FORMATS, type ExportFormat, WRITERS } from './formats.js';
import type { BookmarkExportRepo } from './repo.js';

/** A reader's bookmarks as a file for a reference manager or a spreadsheet. */
export function createBookmarkExport({ repo }: { repo: BookmarkExportRepo }) {
  return {
    async file(userId: number, format: ExportFormat): Promise<{ body: string; mediaType: string; fileName: string }> {
      const papers = await repo.papersOf(userId);
      return {
        body: WRITERS[format](papers),
        mediaType: EXPORT_FORMATS[format].mediaType,
        fileName: `bookmarks.${format}`,
      };
    },
  };
}

export type BookmarkExport = ReturnType<typeof createBookmarkExport>;
