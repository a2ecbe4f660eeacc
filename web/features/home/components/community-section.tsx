import { useTranslation } from '../../../lib/i18n.js';
import { siteConfig } from '../../../lib/site-config.js';
import { GitHubMark } from './brand-icons.js';

/** Discord's mark; lucide-react ships no brand icons. Decorative: the link carries the text. */
function DiscordMark({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      <path d="M20.32 4.37A19.8 19.8 0 0 0 15.43 2.85a.07.07 0 0 0-.08.04c-.21.38-.44.87-.61 1.25a18.3 18.3 0 0 0-5.49 0 12.6 12.6 0 0 0-.62-1.25.08.08 0 0 0-.08-.04 19.7 19.7 0 0 0-4.89 1.52.07.07 0 0 0-.03.03C.53 9.05-.32 13.58.1 18.06a.08.08 0 0 0 .03.06 19.9 19.9 0 0 0 5.99 3.03.08.08 0 0 0 .08-.03c.46-.63.87-1.3 1.23-2a.08.08 0 0 0-.04-.11 13.1 13.1 0 0 1-1.87-.89.08.08 0 0 1-.01-.13l.37-.29a.07.07 0 0 1 .08-.01c3.93 1.79 8.18 1.79 12.06 0a.07.07 0 0 1 .08.01l.37.29a.08.08 0 0 1-.01.13c-.6.35-1.22.65-1.87.89a.08.08 0 0 0-.04.11c.36.7.77 1.37 1.22 2a.08.08 0 0 0 .08.03 19.8 19.8 0 0 0 6.01-3.03.08.08 0 0 0 .03-.05c.5-5.18-.84-9.67-3.55-13.66a.06.06 0 0 0-.03-.03ZM8.02 15.33c-1.18 0-2.16-1.09-2.16-2.42 0-1.33.96-2.42 2.16-2.42 1.21 0 2.18 1.1 2.16 2.42 0 1.33-.96 2.42-2.16 2.42Zm7.97 0c-1.18 0-2.16-1.09-2.16-2.42 0-1.33.96-2.42 2.16-2.42 1.21 0 2.18 1.1 2.16 2.42 0 1.33-.95 2.42-2.16 2.42Z" />
    </svg>
  );
}

const CTA =
  'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors focus-visible:outline-white';

/** Join Discord and View GitHub. */
export function CommunitySection() {
  const { t } = useTranslation(['home', 'translation']);
  const newTab = <span className="sr-only">{t('translation:common.opensInNewTab')}</span>;
  return (
    <section aria-labelledby="community-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="flex flex-col gap-8 rounded-3xl bg-linear-to-br from-indigo-900 to-violet-900 px-6 py-10 text-white sm:px-10 sm:py-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="community-title" className="text-3xl font-bold tracking-tight">
              {t('community.title')}
            </h2>
            <p className="mt-3 text-lg text-indigo-100">{t('community.text')}</p>
          </div>
          <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
            <a
              href={siteConfig.discordUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${CTA} bg-white text-indigo-900 hover:bg-indigo-50`}
            >
              <DiscordMark className="size-5" />
              {t('community.discord')}
              {newTab}
            </a>
            <a
              href={siteConfig.repositoryUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${CTA} border border-white/30 bg-white/5 text-white hover:bg-white/15`}
            >
              <GitHubMark className="size-5" />
              {t('community.github')}
              {newTab}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
