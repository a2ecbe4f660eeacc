import { Info, Languages, Lightbulb } from 'lucide-react';
import { useId, useState } from 'react';
import { NULL_VALUE } from '../../../../common/paper-rules.js';
import type { PaperDetail, Summary } from '../../../../common/papers.js';
import { Button } from '../../../components/ui/button.js';
import { inLanguage } from '../../../lib/arabic.js';
import { useTranslation } from '../../../lib/i18n.js';

/** 'Null' marks a field that does not apply to the paper: it is not shown (SPEC §3). */
export function isApplicable(value: string): boolean {
  return value.trim() !== '' && value.trim() !== NULL_VALUE;
}

/** The summary as shown: its reader fields in Arabic or in English, and the switch between them. */
export interface ShownSummary {
  summary: Summary;
  lang: 'ar' | 'en';
  /** Shows the other language; null without an Arabic summary. */
  toggle: (() => void) | null;
}

/**
 * Readers of Arabic see the Arabic summary when there is one, others the English; either may switch.
 * The switch is kept as a flip of the default, so a change of language still shows that language.
 */
export function useShownSummary({ summary, summaryAr }: Pick<PaperDetail, 'summary' | 'summaryAr'>) {
  const { i18n } = useTranslation();
  const [flipped, setFlipped] = useState(false);
  if (!summary) return null;
  const arabic = summaryAr !== null && (i18n.resolvedLanguage === 'ar') !== flipped;
  return {
    summary: arabic ? { ...summary, ...summaryAr } : summary,
    lang: arabic ? 'ar' : 'en',
    toggle: summaryAr && (() => setFlipped((flip) => !flip)),
  } satisfies ShownSummary;
}

function SummaryField({ label, text, lang }: { label: string; text: string; lang: 'ar' | 'en' }) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold tracking-wide text-indigo-800 uppercase">{label}</h3>
      <p {...inLanguage(lang)} className="leading-relaxed text-slate-800">
        {text}
      </p>
    </div>
  );
}

/** Who wrote the summary: the model, or the extractive summariser (a model's summary names its model). */
function SummaryAuthor({ summary, model }: { summary: Summary; model: string | null }) {
  const { t } = useTranslation();
  if (summary.generatedBy === 'extractive')
    return <p className="text-sm text-slate-600">{t('paper.summaryExtractive')}</p>;
  return model && <p className="text-sm text-slate-600">{t('paper.summaryBy', { model })}</p>;
}

export function PaperSummary({ shown, model }: { shown: ShownSummary; model: string | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { summary, lang, toggle } = shown;
  return (
    <section aria-labelledby={headingId} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id={headingId} className="text-xl font-bold text-slate-900">
            {t('paper.summary')}
          </h2>
          <SummaryAuthor summary={summary} model={model} />
        </div>
        {toggle && (
          <Button size="sm" onClick={toggle}>
            <Languages className="size-4" />
            {lang === 'ar' ? t('paper.showEnglishSummary') : t('paper.showArabicSummary')}
          </Button>
        )}
      </div>
      {isApplicable(summary.Paper_one_line) && (
        <p
          {...inLanguage(lang)}
          className="border-s-4 border-indigo-600 ps-4 text-base leading-relaxed font-medium text-slate-900 sm:text-lg"
        >
          {summary.Paper_one_line}
        </p>
      )}
      {isApplicable(summary.Problem) && <SummaryField label={t('paper.problem')} text={summary.Problem} lang={lang} />}
      {isApplicable(summary.Critique) && (
        <SummaryField label={t('paper.critique')} text={summary.Critique} lang={lang} />
      )}
      {summary.generatedBy === 'extractive' && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <Info className="mt-0.5 size-4 shrink-0" />
          {t('paper.extractiveNote')}
        </p>
      )}
    </section>
  );
}

export function PaperResults({ shown }: { shown: ShownSummary }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { summary, lang } = shown;
  const results = summary.Results.filter(isApplicable);
  if (results.length === 0 && !isApplicable(summary.Takeaway)) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-7">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t('paper.results')}
      </h2>
      {/* The direction on the list, not the items, so the bullets sit on the side the text starts from. */}
      {results.length > 0 && (
        <ul
          {...inLanguage(lang)}
          className="list-disc space-y-2 ps-5 leading-relaxed text-slate-800 marker:text-indigo-600"
        >
          {results.map((result) => (
            <li key={result}>{result}</li>
          ))}
        </ul>
      )}
      {isApplicable(summary.Takeaway) && (
        <div className="rounded-xl bg-indigo-50 p-4">
          <h3 className="mb-1 flex items-center gap-2 font-semibold text-indigo-900">
            <Lightbulb className="size-4" />
            {t('paper.takeaway')}
          </h3>
          <p {...inLanguage(lang)} className="leading-relaxed text-indigo-950">
            {summary.Takeaway}
          </p>
        </div>
      )}
    </section>
  );
}
