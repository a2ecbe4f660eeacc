import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Bookmark } from '../../../common/bookmarks.js';
import { toast } from '../../components/ui/toaster.js';
import { ApiRequestError } from '../../lib/api-client.js';
import { apiErrorText } from '../../lib/api-error-text.js';
import { bookmarkPaper } from '../../lib/bookmark-paper.js';
import { removeBookmark } from '../../lib/bookmark-requests.js';
import { useTranslation } from '../../lib/i18n.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { adminPaperKeys, deletePaper, setPaperCategories, updatePaper } from './api.js';
import type { PaperEdit } from './components/paper-edit-form.js';

/** The server's word for a summary that does not parse or match (SPEC §5). */
const SUMMARY_JSON_ERROR = 'Error parsing summary JSON';

interface PaperAdminOptions {
  /** Makes stale what the other pages show of papers (the digest, the paper page). */
  onPapersChanged: () => Promise<unknown>;
  /** Makes stale what the other pages show of the admin's bookmarks. */
  onBookmarksChanged: () => Promise<unknown>;
}

/** The writes of the papers screen, their toasts (3 s), and what they make stale. */
export function usePaperAdmin({ onPapersChanged, onBookmarksChanged }: PaperAdminOptions) {
  const { t } = useTranslation(['admin-papers', 'admin']);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminPaperKeys.all }), onPapersChanged()]);

  async function run<T>(work: () => Promise<T>): Promise<T> {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,

    /** Resolves false when the server refused the summary. */
    update: (arxivId: string, edit: PaperEdit) =>
      run(async () => {
        try {
          await updatePaper(arxivId, {
            ...edit.fields,
            ...(edit.summary === undefined ? {} : { summary: edit.summary }),
          });
          if (edit.categories) await setPaperCategories(arxivId, edit.categories);
          toast.success(t('toast.updated'));
          await refresh();
          return true;
        } catch (error) {
          logUnexpected('Failed to update paper', error);
          const summaryRefused = error instanceof ApiRequestError && error.message === SUMMARY_JSON_ERROR;
          toast.error(summaryRefused ? t('form.summaryJsonError') : t('toast.updateFailed'), {
            description: summaryRefused ? undefined : apiErrorText(error, (code) => t(`admin:apiErrors.${code}`)),
          });
          return !summaryRefused;
        }
      }),

    /** Resolves true once the paper is gone. */
    remove: (arxivId: string) =>
      run(async () => {
        try {
          await deletePaper(arxivId);
          toast.success(t('toast.deleted'));
          await refresh();
          return true;
        } catch (error) {
          logUnexpected('Failed to delete paper', error);
          toast.error(t('toast.deleteFailed'));
          return false;
        }
      }),

    /** Adds the paper to the admin's bookmarks, or removes `bookmark`. */
    toggleBookmark: (arxivId: string, bookmark: Bookmark | null) =>
      run(async () => {
        try {
          if (bookmark) {
            await removeBookmark(bookmark.id);
            toast.success(t('toast.bookmarkRemoved'));
          } else if ((await bookmarkPaper(arxivId)) === 'added') toast.success(t('toast.bookmarkAdded'));
          else toast.info(t('toast.bookmarkExists'));
        } catch (error) {
          logUnexpected('Error toggling bookmark', error);
          toast.error(bookmark ? t('toast.bookmarkRemoveFailed') : t('toast.bookmarkFailed'));
        }
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: adminPaperKeys.bookmarks() }),
          onBookmarksChanged(),
        ]);
      }),
  };
}
