import { useTranslation } from '../../../lib/i18n.js';

export function BlogHero() {
  const { t } = useTranslation('blog');
  return (
    <section className="mb-8 rounded-3xl bg-linear-to-br from-slate-900 via-indigo-950 to-indigo-800 px-6 py-10 text-white shadow-sm sm:px-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
      <p className="mt-3 max-w-2xl text-base text-indigo-100 sm:text-lg">{t('tagline')}</p>
    </section>
  );
}
