import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_ERRORS } from '../../../common/digest-rules.js';
import type { DigestSettings, DigestSubscription } from '../../../common/digest-subscription.js';
import { toast } from '../../components/ui/toaster.js';
import { ApiRequestError } from '../../lib/api-client.js';
import { useTranslation } from '../../lib/i18n.js';
import { logUnexpected } from '../../lib/log-unexpected.js';
import { deleteDigestSubscription, digestKeys, digestSubscriptionQueryOptions, saveDigestSettings } from './api.js';

/**
 * The reader's digest and its two changes, Save and Unsubscribe, each answered by a toast. The
 * server's answer replaces the cached settings, so the page shows what the server holds.
 */
export function useDigestSettings(readerId: number | null) {
  const { t } = useTranslation('email-digest');
  const queryClient = useQueryClient();
  const query = useQuery(digestSubscriptionQueryOptions(readerId));
  const keep = (answer: DigestSubscription) => queryClient.setQueryData(digestKeys.of(readerId), answer);

  const save = useMutation({
    mutationFn: saveDigestSettings,
    onSuccess(answer) {
      keep(answer);
      toast.success(answer.subscription ? t('toast.saved') : t('toast.savedNone'));
    },
    onError(error) {
      logUnexpected('Failed to save the digest settings', error);
      if (error instanceof ApiRequestError && error.code === DIGEST_ERRORS.unknownCategory) {
        toast.error(t('toast.unknownCategory'));
        void query.refetch();
      } else toast.error(t('toast.saveFailed'));
    },
  });

  const unsubscribe = useMutation({
    mutationFn: deleteDigestSubscription,
    onSuccess(answer) {
      keep(answer);
      toast.success(t('toast.unsubscribed'));
    },
    onError(error) {
      logUnexpected('Failed to unsubscribe from the digest', error);
      toast.error(t('toast.unsubscribeFailed'));
    },
  });

  return {
    query,
    /** Resolves with the saved settings' answer, or undefined when saving failed (the toast said why). */
    save: (settings: DigestSettings) => save.mutateAsync(settings).catch(() => undefined),
    saving: save.isPending,
    unsubscribe: () => unsubscribe.mutateAsync().catch(() => undefined),
    unsubscribing: unsubscribe.isPending,
  };
}
