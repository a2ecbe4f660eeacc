import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

interface AddCategoryFormProps {
  busy: boolean;
  /** The trimmed, non-empty name; resolves true when the input may be cleared. */
  onAdd: (name: string) => Promise<boolean>;
}

/** A name (trimmed, non-empty, SPEC §5) and Add Category. */
export function AddCategoryForm({ busy, onAdd }: AddCategoryFormProps) {
  const { t } = useTranslation('admin-categories');
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    setMissing(trimmed === '');
    if (trimmed === '') return;
    if (await onAdd(trimmed)) setName('');
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('add.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          value={name}
          maxLength={100}
          placeholder={t('add.placeholder')}
          aria-invalid={missing}
          aria-describedby={missing ? errorId : undefined}
          onChange={(event) => setName(event.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm sm:flex-1"
        />
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          <Plus className="size-4" aria-hidden="true" />
          {t('add.submit')}
        </Button>
      </div>
      {missing && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t('add.required')}
        </p>
      )}
    </form>
  );
}
