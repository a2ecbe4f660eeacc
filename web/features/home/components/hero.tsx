import { ArrowRight, BookOpen, Hammer, type LucideIcon, RefreshCw, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.js';
import { useLocalizedAddress } from '../../../lib/localized-links.js';
import { siteConfig } from '../../../lib/site-config.js';
import { GitHubMark } from './brand-icons.js';

const CTA =
  'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold transition-colors';

const CYCLE: ReadonlyArray<{ key: 'build' | 'train' | 'evolve'; icon: LucideIcon }> = [
  { key: 'build', icon: Hammer },
  { key: 'train', icon: RefreshCw },
  { key: 'evolve', icon: Sprout },
];

/** Headline, sub-headline and the three calls to action, beside the build-train-evolve cycle. */
export function Hero() {
  const { t } = useTranslation(['home', 'translation']);
  const siteName = siteConfig.siteName;
  const localized = useLocalizedAddress();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-br from-indigo-950 via-indigo-900 to-violet-900 text-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 end-[-10%] size-[28rem] rounded-full bg-violet-500/20 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-center lg:px-8 lg:py-28">
        <div>
          <p className="mb-4 inline-flex rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm font-medium text-indigo-100">
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-indigo-100 sm:text-xl">
            {t('hero.subtitle', { siteName })}
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link
              to={localized('/documentation')}
              className={`${CTA} bg-white text-indigo-900 hover:bg-indigo-50 focus-visible:outline-white`}
            >
              {t('hero.getStarted')}
              <ArrowRight className="size-5 rtl:-scale-x-100" />
            </Link>
            <a
              href={siteConfig.repositoryUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`${CTA} border border-white/30 bg-white/5 text-white hover:bg-white/15 focus-visible:outline-white`}
            >
              <GitHubMark className="size-5" />
              {t('hero.viewGithub')}
              <span className="sr-only">{t('translation:common.opensInNewTab')}</span>
            </a>
            <Link
              to={localized('/ai-digest')}
              className={`${CTA} text-indigo-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-white sm:px-3`}
            >
              <BookOpen className="size-5" />
              {t('hero.exploreDigest')}
            </Link>
          </div>
        </div>
        <div>
          <h2 className="sr-only">{t('hero.cycleLabel', { siteName })}</h2>
          <ol className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 lg:gap-4">
            {CYCLE.map(({ key, icon: Icon }) => (
              <li
                key={key}
                className="flex items-start gap-4 rounded-2xl border border-white/15 bg-white/5 p-4 backdrop-blur-sm lg:p-5"
              >
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/10 text-indigo-100">
                  <Icon className="size-5" />
                </span>
                <div>
                  <p className="font-semibold text-white">{t(`hero.${key}`)}</p>
                  <p className="mt-1 text-sm text-indigo-100">{t(`hero.${key}Text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
