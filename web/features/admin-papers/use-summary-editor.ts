import { useState } from 'react';
import type { Summary } from '../../../common/papers.js';
import { emptyDraft, fromDraft, readSummaryJson, type SummaryDraft, toDraft } from './summary-draft.js';

export type SummaryView = 'form' | 'json';

/** What the edit form sends as the summary: nothing (unchanged), an object, or JSON text the server checks. */
export type SummaryToSend = { ok: true; summary: Summary | string | undefined } | { ok: false };

/**
 * The summary of the edit form in its two views. The form view edits a draft; the JSON view edits
 * text. Leaving the JSON view, or sending from it, needs text that parses into a summary; otherwise
 * the view stays and says 'Error parsing summary JSON'.
 */
export function useSummaryEditor(initial: Summary | null) {
  const [view, setView] = useState<SummaryView>('form');
  const [draft, setDraft] = useState<SummaryDraft | null>(initial && toDraft(initial));
  const [json, setJson] = useState(() => (initial ? JSON.stringify(initial, null, 2) : ''));
  const [jsonError, setJsonError] = useState(false);
  // A paper without a summary keeps none unless the admin starts one.
  const [touched, setTouched] = useState(false);

  return {
    view,
    draft,
    json,
    jsonError,
    /** Starts a summary for a paper without one. */
    start() {
      const fresh = emptyDraft();
      setDraft(fresh);
      setJson(JSON.stringify(fromDraft(fresh), null, 2));
      setTouched(true);
    },
    setField<K extends keyof SummaryDraft>(field: K, value: SummaryDraft[K]) {
      setDraft((current) => current && { ...current, [field]: value });
      setTouched(true);
    },
    setJson(text: string) {
      setJson(text);
      setJsonError(false);
      setTouched(true);
    },
    switchTo(next: SummaryView) {
      if (next === view) return;
      if (next === 'json') {
        if (draft) setJson(JSON.stringify(fromDraft(draft), null, 2));
        setView('json');
        return;
      }
      if (!draft && json.trim() === '') {
        setView('form');
        return;
      }
      const summary = readSummaryJson(json);
      if (!summary) {
        setJsonError(true);
        return;
      }
      setDraft(toDraft(summary));
      setView('form');
    },
    /** Marks the JSON text as refused (the server said so too). */
    refuseJson() {
      setJsonError(true);
    },
    toSend(): SummaryToSend {
      if (!touched) return { ok: true, summary: undefined };
      if (view === 'form') return { ok: true, summary: draft ? fromDraft(draft) : undefined };
      if (!readSummaryJson(json)) {
        setJsonError(true);
        return { ok: false };
      }
      return { ok: true, summary: json };
    },
  };
}

export type SummaryEditor = ReturnType<typeof useSummaryEditor>;
