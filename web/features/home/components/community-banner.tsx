import { ArrowRight, Handshake } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.js';
import { siteConfig } from '../../../lib/site-config.js';

/** The strip above the header for the agent-interoperability initiative; its link goes to the supporters page. */
export function CommunityBanner() {
  const { t, i18n } = useTranslation(['home', 'translation']);
  const arabicText = i18n.language === 'ar' ? siteConfig.bannerTextAr : null;
  return (
    <aside aria-label={t('home:banner.label')} className="bg-slate-900 text-white">
      <div className="mx-auto flex max-w-7xl justify-center px-4 py-2 sm:px-6 lg:px-8">
        <a
          href={siteConfig.bannerUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="group inline-flex min-h-8 items-center gap-2 rounded-md px-1 text-center text-sm font-medium text-white underline-offset-4 hover:underline focus-visible:outline-white"
        >
          <Handshake className="size-4 shrink-0 text-indigo-300" />
          {arabicText ? (
            <span>{arabicText}</span>
          ) : (
            <span lang="en" dir="ltr">
              {siteConfig.bannerText}
            </span>
          )}
          <ArrowRight className="size-4 shrink-0 transition-transform group-hover:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5" />
          <span className="sr-only">{t('translation:common.opensInNewTab')}</span>
        </a>
      </div>
    </aside>
  );
}
