import { FlaskConical, type LucideIcon, Unlock, Users } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.js';
import { siteConfig } from '../../../lib/site-config.js';

const VALUES: ReadonlyArray<{ key: 'open' | 'research' | 'community'; icon: LucideIcon }> = [
  { key: 'open', icon: Unlock },
  { key: 'research', icon: FlaskConical },
  { key: 'community', icon: Users },
];

export function MissionSection() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="mission-title" className="bg-white">
      {/* A CSS animation (styles.css): it runs from the first paint of a server-rendered page, before any script. */}
      <div className="mx-auto max-w-7xl animate-mission-reveal px-4 py-16 motion-reduce:animate-none sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{t('mission.eyebrow')}</p>
          <h2
            id="mission-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {t('mission.title')}
          </h2>
          <p className="mt-5 text-lg text-pretty text-slate-700">
            {t('mission.text', { siteName: siteConfig.siteName })}
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-3">
          {VALUES.map(({ key, icon: Icon }) => (
            <li key={key} className="border-s-2 border-indigo-200 ps-4">
              <Icon className="size-5 text-indigo-700" />
              <p className="mt-2 font-semibold text-slate-900">{t(`mission.${key}`)}</p>
              <p className="mt-1 text-slate-700">{t(`mission.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
