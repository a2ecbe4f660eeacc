import { Languages } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { ENGLISH_TEXT, isArabicLine, splitLines } from '../../../lib/arabic.js';
import { useTranslation } from '../../../lib/i18n.js';

/** The lines of a text, keyed by their own text (numbered only when a line repeats). */
function keyedLines(text: string): { line: string; key: string }[] {
  const seen = new Map<string, number>();
  return splitLines(text).map((line) => {
    const occurrence = (seen.get(line) ?? 0) + 1;
    seen.set(line, occurrence);
    return { line, key: `${occurrence}:${line}` };
  });
}

/** One paragraph per line; a line mostly in Arabic script reads right to left. */
function AbstractLines({ text }: { text: string }) {
  return keyedLines(text).map(({ line, key }) => (
    <p key={key} dir={isArabicLine(line) ? 'rtl' : 'ltr'} className="text-start">
      {line}
    </p>
  ));
}

interface PaperAbstractProps {
  abstract: string;
  translation: string | null;
}

export function PaperAbstract({ abstract, translation }: PaperAbstractProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const translationId = useId();
  // Arabic readers see the translation first; others open it on demand.
  const [showTranslation, setShowTranslation] = useState(() => i18n.resolvedLanguage === 'ar');

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-7">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {t('paper.abstract')}
        </h2>
        {translation && (
          <Button
            size="sm"
            aria-expanded={showTranslation}
            aria-controls={translationId}
            onClick={() => setShowTranslation((shown) => !shown)}
          >
            <Languages className="size-4" />
            {showTranslation ? t('paper.hideTranslation') : t('paper.showTranslation')}
          </Button>
        )}
      </div>
      {!translation && i18n.language === 'ar' && (
        <p className="mb-4 flex items-start gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          <Languages className="mt-0.5 size-4 shrink-0" />
          {t('paper.translationPending')}
        </p>
      )}
      <div {...ENGLISH_TEXT} className="space-y-3 leading-relaxed text-slate-800">
        <AbstractLines text={abstract} />
      </div>
      {translation && (
        <div
          id={translationId}
          lang="ar"
          hidden={!showTranslation}
          className="mt-5 space-y-3 border-t border-slate-200 pt-5 text-lg leading-loose text-slate-800"
        >
          <AbstractLines text={translation} />
        </div>
      )}
    </section>
  );
}
