/** The files a reader's bookmarks export to: BibTeX, RIS (reference managers) and CSV (spreadsheets). */
export const BOOKMARK_EXPORT_FORMATS = ['bib', 'ris', 'csv'] as const;
export type BookmarkExportFormat = (typeof BOOKMARK_EXPORT_FORMATS)[number];

/** Where a format's export is (GET, signed in). */
export const bookmarkExportPath = (format: BookmarkExportFormat) => `/api/bookmarks/export.${format}`;
