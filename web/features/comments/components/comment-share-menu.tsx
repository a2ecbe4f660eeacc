import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link2, Share, Share2 } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard.js';
import { commentLink, openShareWindow } from '../share.js';

const ITEM =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900';

/**
 * A comment's Share: a menu that opens the social network's share window (600x400) with the
 * comment's link, or copies that link; Radix gives it arrow keys, Escape and an outside click.
 */
export function CommentShareMenu({ commentId }: { commentId: number }) {
  const { t, i18n } = useTranslation('comments');
  const { outcome, copy } = useCopyToClipboard();
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <DropdownMenu.Root modal={false} dir={i18n.dir()}>
        <DropdownMenu.Trigger className={buttonClasses('ghost', 'sm')}>
          <Share className="size-4" />
          {t('share')}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <DropdownMenu.Item className={ITEM} onSelect={() => openShareWindow(commentId)}>
              <Share2 className="size-4 text-slate-600" />
              {t('shareMenu.social')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={ITEM} onSelect={() => void copy(commentLink(commentId))}>
              <Link2 className="size-4 text-slate-600" />
              {t('shareMenu.copyLink')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {/* Always present, so screen readers announce the message when it appears. */}
      <p role="status" className={`text-sm font-medium ${outcome === 'failed' ? 'text-red-700' : 'text-emerald-800'}`}>
        {outcome && t(outcome === 'copied' ? 'shareMenu.copied' : 'shareMenu.copyFailed')}
      </p>
    </div>
  );
}
