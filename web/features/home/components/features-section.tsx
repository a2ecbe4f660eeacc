import { Blend, Blocks, BrainCircuit, ChartLine, type LucideIcon, Rocket, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.js';

type FeatureKey = 'hybridAi' | 'easeOfUse' | 'modularity' | 'deployment' | 'selfLearning' | 'observability';

/** The six design features: the four SPEC §2 names, then self-learning and observability. */
export const FEATURES: ReadonlyArray<{ key: FeatureKey; icon: LucideIcon }> = [
  { key: 'hybridAi', icon: Blend },
  { key: 'easeOfUse', icon: Sparkles },
  { key: 'modularity', icon: Blocks },
  { key: 'deployment', icon: Rocket },
  { key: 'selfLearning', icon: BrainCircuit },
  { key: 'observability', icon: ChartLine },
];

export function FeaturesSection() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="features-title" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{t('features.eyebrow')}</p>
          <h2
            id="features-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {t('features.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('features.subtitle')}</p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-xl bg-indigo-50 text-indigo-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`features.${key}`)}</h3>
              <p className="mt-2 text-slate-700">{t(`features.${key}Text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
