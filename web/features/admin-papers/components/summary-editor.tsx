import { useId } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { SHORT_FIELDS, SUMMARY_TEXT_FIELDS } from '../summary-draft.js';
import type { SummaryEditor as Editor, SummaryView } from '../use-summary-editor.js';

const FIELD = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';

/** One text field of the form view: a line for short values, a text area for sentences. */
function TextField(props: { label: string; short: boolean; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const { label, short, value, onChange } = props;
  return (
    <div className={`flex flex-col gap-1 ${short ? '' : 'md:col-span-2'}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {short ? (
        <input id={id} dir="auto" value={value} onChange={(event) => onChange(event.target.value)} className={FIELD} />
      ) : (
        <textarea
          id={id}
          dir="auto"
          rows={2}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={FIELD}
        />
      )}
    </div>
  );
}

/** The summary with its Form and JSON views. */
export function SummaryEditor({ editor }: { editor: Editor }) {
  const { t } = useTranslation('admin-papers');
  const id = useId();
  const errorId = `${id}-error`;
  const views: [SummaryView, string][] = [
    ['form', t('form.formView')],
    ['json', t('form.jsonView')],
  ];
  const { draft } = editor;

  return (
    <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('form.summary')}</legend>
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t('form.views')}</legend>
        {views.map(([view, label]) => (
          <Button
            key={view}
            size="sm"
            variant={editor.view === view ? 'primary' : 'secondary'}
            aria-pressed={editor.view === view}
            onClick={() => editor.switchTo(view)}
          >
            {label}
          </Button>
        ))}
      </fieldset>
      {editor.jsonError && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {t('form.summaryJsonError')}
        </p>
      )}
      {editor.view === 'json' ? (
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('form.jsonView')}
          <textarea
            dir="ltr"
            value={editor.json}
            rows={18}
            spellCheck={false}
            aria-invalid={editor.jsonError}
            aria-describedby={editor.jsonError ? errorId : undefined}
            onChange={(event) => editor.setJson(event.target.value)}
            className={`${FIELD} font-mono`}
          />
        </label>
      ) : !draft ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-600">{t('form.noSummary')}</p>
          <Button size="sm" onClick={editor.start}>
            {t('form.writeSummary')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {SUMMARY_TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`fields.${field}`)}
              short={SHORT_FIELDS.has(field)}
              value={draft[field]}
              onChange={(value) => editor.setField(field, value)}
            />
          ))}
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 md:col-span-2">
            {t('fields.Results')}
            <textarea
              dir="auto"
              rows={4}
              value={draft.Results}
              onChange={(event) => editor.setField('Results', event.target.value)}
              className={FIELD}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 md:col-span-2">
            {t('fields.ApplicationDomains')}
            <input
              dir="auto"
              value={draft.ApplicationDomains}
              onChange={(event) => editor.setField('ApplicationDomains', event.target.value)}
              className={FIELD}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800 md:col-span-2">
            {t('fields.terms')}
            <textarea
              dir="auto"
              rows={3}
              value={draft.terms}
              onChange={(event) => editor.setField('terms', event.target.value)}
              className={FIELD}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {t('fields.generatedBy')}
            <select
              value={draft.generatedBy}
              onChange={(event) => editor.setField('generatedBy', event.target.value === 'llm' ? 'llm' : 'extractive')}
              className={`${FIELD} h-10 bg-white`}
            >
              <option value="extractive">{t('generatedBy.extractive')}</option>
              <option value="llm">{t('generatedBy.llm')}</option>
            </select>
          </label>
        </div>
      )}
    </fieldset>
  );
}
