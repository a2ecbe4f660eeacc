import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PAPER_DELETED_ERROR } from '../../../common/paper-rules.js';
import type { QueueSearch } from '../../../common/queue.js';
import { toast } from '../../components/ui/toaster.js';
import { ApiRequestError } from '../../lib/api-client.js';
import { apiErrorText } from '../../lib/api-error-text.js';
import { useTranslation } from '../../lib/i18n.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { type QueueAction, queueKeys, runQueueAction, type ScrapeMode, scrapeIntoQueue, searchQueue } from './api.js';

/** Queue messages stay 5 s (SPEC §8), longer than the other admin toasts. */
export const QUEUE_MESSAGE_MS = 5_000;

const success = (message: string) => toast.success(message, { duration: QUEUE_MESSAGE_MS });

/**
 * The search of the queue screen, the actions on its result, and their messages. `onBookmarked`
 * makes stale what other pages show of the admin's bookmarks.
 */
export function useQueueSearch(onBookmarked: () => Promise<unknown>) {
  const { t } = useTranslation(['admin-queue', 'admin']);
  const failure = (message: string, error: unknown) =>
    toast.error(message, {
      duration: QUEUE_MESSAGE_MS,
      description: apiErrorText(error, (code) => t(`admin:apiErrors.${code}`)),
    });
  const queryClient = useQueryClient();
  const [result, setResult] = useState<QueueSearch | null>(null);
  const [searching, setSearching] = useState(false);
  const [acting, setActing] = useState(false);

  async function search(arxivId: string): Promise<void> {
    setSearching(true);
    try {
      setResult(await searchQueue(arxivId));
    } catch (error) {
      logUnexpected('Error searching for paper', error);
      setResult(null);
      failure(t('messages.searchFailed'), error);
    } finally {
      setSearching(false);
    }
  }

  /** After a change: the list follows, and the result shows where the paper now is. */
  async function refresh(arxivId: string) {
    await queryClient.invalidateQueries({ queryKey: queueKeys.all });
    if (result) await search(arxivId);
  }

  async function act(arxivId: string, action: QueueAction): Promise<void> {
    const messages: Record<QueueAction, string> = {
      'move-first': t('messages.movedFirst'),
      'move-last': t('messages.movedLast'),
      'process-now': t('messages.processStarted'),
      remove: t('messages.removed'),
    };
    setActing(true);
    try {
      const answer = await runQueueAction(arxivId, action);
      // Process Now says whether a worker took the paper or is busy with another one.
      success(answer.outcome === 'queued_next' ? t('messages.processQueuedNext') : messages[action]);
      await refresh(arxivId);
    } catch (error) {
      logUnexpected(`Queue action ${action} failed`, error);
      failure(action === 'process-now' ? t('messages.processFailed') : t('messages.actionFailed'), error);
    } finally {
      setActing(false);
    }
  }

  async function scrape(arxivId: string, mode: ScrapeMode, addToBookmarks: boolean): Promise<void> {
    setActing(true);
    try {
      const answer = await scrapeIntoQueue(arxivId, mode, addToBookmarks);
      success(t(`outcomes.${answer.outcome}`));
      if (answer.bookmarked) {
        success(t('messages.bookmarkAdded'));
        await onBookmarked();
      }
      await refresh(answer.paper.arxivId);
    } catch (error) {
      logUnexpected('Scraping failed', error);
      if (error instanceof ApiRequestError && error.code === PAPER_DELETED_ERROR) {
        toast.error(t('messages.scrapeDeleted'), { duration: QUEUE_MESSAGE_MS });
      } else failure(t('messages.scrapeFailed'), error);
    } finally {
      setActing(false);
    }
  }

  return { result, searching, acting, search, act, scrape };
}
