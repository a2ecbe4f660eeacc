import { Mail } from 'lucide-react';
import { useEffect } from 'react';
import { PageShell } from '../components/layout/page-shell.js';
import { keepInView } from '../features/docs/keep-in-view.js';
import { PolicyContents } from '../features/privacy/components/policy-contents.js';
import { PolicyText } from '../features/privacy/components/policy-text.js';
import { POLICY_LAST_UPDATED, POLICY_SECTIONS, toBlocks } from '../features/privacy/sections.js';
import { useScrollSpy } from '../features/privacy/use-scroll-spy.js';
import { useDocumentMeta } from '../lib/document-title.js';
import { useTranslation } from '../lib/i18n.js';
import { siteConfig } from '../lib/site-config.js';

const SECTION_IDS = POLICY_SECTIONS.map(({ id }) => id);

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** SPEC §2 Privacy policy: ten sections, a contents list with scroll-spy; texts in the `privacy` namespace. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('privacy');
  const siteName = siteConfig.siteName;
  useDocumentMeta(t('meta.title'), t('meta.description', { siteName }));
  const { activeId, choose } = useScrollSpy(SECTION_IDS);

  // A deep link opens at its section, even when the router restores a remembered position after.
  useEffect(() => {
    const section = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (!section || !SECTION_IDS.includes(section.id as (typeof SECTION_IDS)[number])) return;
    section.scrollIntoView({ block: 'start' });
    return keepInView(section);
  }, []);

  const entries = POLICY_SECTIONS.map(({ id, key }) => ({ id, title: t(`sections.${key}.title`) }));

  // A contents link scrolls to its section, puts it in the address and moves the focus to its heading.
  const goTo = (id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    choose(id);
    section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    window.history.replaceState(window.history.state, '', `#${id}`);
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };

  return (
    <PageShell>
      <header className="mb-8 border-b border-slate-200 pb-8 lg:mb-12">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-sm font-medium text-slate-600">
          <time dateTime={POLICY_LAST_UPDATED}>{t('lastUpdated')}</time>
        </p>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{t('summary', { siteName })}</p>
      </header>
      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12 xl:grid-cols-[18rem_minmax(0,1fr)]">
        <PolicyContents entries={entries} activeId={activeId} onSelect={goTo} />
        <article className="max-w-3xl space-y-12">
          {POLICY_SECTIONS.map(({ id, key }, index) => (
            <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 sm:scroll-mt-24">
              <h2
                id={`${id}-title`}
                tabIndex={-1}
                className="mb-4 flex items-baseline gap-3 text-2xl font-bold tracking-tight text-slate-900"
              >
                <span className="text-lg font-semibold text-indigo-700 tabular-nums">{index + 1}.</span>
                {t(`sections.${key}.title`)}
              </h2>
              <PolicyText blocks={toBlocks(t(`sections.${key}.body`, { returnObjects: true, siteName }))} />
              {key === 'contact' && (
                <p className="mt-6 flex flex-wrap items-center gap-2 rounded-xl border border-indigo-100 bg-indigo-50 px-4 py-3 text-slate-800">
                  <Mail className="size-5 shrink-0 text-indigo-700" />
                  <span className="font-medium">{t('sections.contact.emailLabel')}:</span>
                  <a
                    href={`mailto:${siteConfig.contactEmail}`}
                    className="font-semibold break-all text-indigo-800 underline underline-offset-4 hover:text-indigo-950"
                  >
                    {siteConfig.contactEmail}
                  </a>
                </p>
              )}
            </section>
          ))}
        </article>
      </div>
    </PageShell>
  );
}
