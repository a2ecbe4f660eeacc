import { Bookmark, BookmarkMinus, BookOpen, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { PaperDetail } from '../../../../common/papers.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useSummaryEditor } from '../use-summary-editor.js';
import { CategoryEditor } from './category-editor.js';
import { SummaryEditor } from './summary-editor.js';

export interface PaperEdit {
  fields: { version: number; title: string; pdfUrl: string; abstract: string };
  summary: unknown;
  /** The categories when they changed; undefined when they did not. */
  categories: string[] | undefined;
}

interface PaperEditFormProps {
  paper: PaperDetail;
  /** Whether the admin bookmarked the paper; undefined while unknown. */
  bookmarked: boolean | undefined;
  busy: boolean;
  /** Resolves false when the server refused the summary, so the JSON view says so. */
  onUpdate: (edit: PaperEdit) => Promise<boolean>;
  onToggleBookmark: () => void;
  onDelete: () => void;
  onCancel: () => void;
}

const FIELD = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
const LABEL = 'flex flex-col gap-1 text-sm font-medium text-slate-800';

/** The edit form of SPEC §2 Admin papers; keyed by paper, so another paper starts it afresh. */
export function PaperEditForm({
  paper,
  bookmarked,
  busy,
  onUpdate,
  onToggleBookmark,
  onDelete,
  onCancel,
}: PaperEditFormProps) {
  const { t } = useTranslation('admin-papers');
  const titleId = useId();
  const [fields, setFields] = useState({
    version: String(paper.version),
    title: paper.title,
    pdfUrl: paper.pdfUrl,
    abstract: paper.abstract,
  });
  const [categories, setCategories] = useState(() => paper.categories.map((category) => category.name));
  const summary = useSummaryEditor(paper.summary);
  const set = (field: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sent = summary.toSend();
    if (!sent.ok) return;
    const before = paper.categories.map((category) => category.name);
    const changed = categories.length !== before.length || categories.some((name) => !before.includes(name));
    const accepted = await onUpdate({
      fields: {
        version: Number(fields.version),
        title: fields.title,
        pdfUrl: fields.pdfUrl,
        abstract: fields.abstract,
      },
      summary: sent.summary,
      categories: changed ? categories : undefined,
    });
    if (!accepted) summary.refuseJson();
  }

  return (
    <form
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        {t('form.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <label className={LABEL}>
          {t('form.arxivId')}
          <input dir="ltr" value={paper.arxivId} readOnly className={`${FIELD} bg-slate-100 text-slate-700`} />
        </label>
        <label className={LABEL}>
          {t('form.version')}
          <input
            type="number"
            min={1}
            step={1}
            required
            value={fields.version}
            onChange={(event) => set('version')(event.target.value)}
            className={FIELD}
          />
        </label>
      </div>
      <label className={LABEL}>
        {t('form.paperTitle')}
        <input
          dir="auto"
          required
          value={fields.title}
          onChange={(event) => set('title')(event.target.value)}
          className={FIELD}
        />
      </label>
      <label className={LABEL}>
        {t('form.pdfUrl')}
        <input
          dir="ltr"
          type="url"
          required
          value={fields.pdfUrl}
          onChange={(event) => set('pdfUrl')(event.target.value)}
          className={FIELD}
        />
      </label>
      <label className={LABEL}>
        {t('form.abstract')}
        <textarea
          dir="auto"
          required
          rows={6}
          value={fields.abstract}
          onChange={(event) => set('abstract')(event.target.value)}
          className={FIELD}
        />
      </label>
      <SummaryEditor editor={summary} />
      {paper.summaryAr && <p className="-mt-2 text-sm text-slate-600">{t('form.arabicSummaryNote')}</p>}
      <CategoryEditor names={categories} onChange={setCategories} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button disabled={busy || bookmarked === undefined} onClick={onToggleBookmark}>
          {bookmarked ? (
            <BookmarkMinus className="size-4" aria-hidden="true" />
          ) : (
            <Bookmark className="size-4" aria-hidden="true" />
          )}
          {bookmarked ? t('form.removeBookmark') : t('form.addBookmark')}
        </Button>
        <Button variant="danger" disabled={busy} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('form.delete')}
        </Button>
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          <Save className="size-4" aria-hidden="true" />
          {busy ? t('form.updating') : t('form.update')}
        </Button>
        <Link to={`/ai-digest/${paper.arxivId}`} className={buttonClasses('secondary')}>
          <BookOpen className="size-4" aria-hidden="true" />
          {t('form.read')}
        </Link>
      </div>
    </form>
  );
}
