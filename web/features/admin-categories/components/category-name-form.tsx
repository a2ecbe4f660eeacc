import { Check, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

interface CategoryNameFormProps {
  label: string;
  hint: string;
  initial: string;
  /**
   * The Arabic name: typed right to left, and left empty to remove it (saved as null). The name
   * itself cannot be empty.
   */
  arabic: boolean;
  busy: boolean;
  /** The trimmed name, or null for an Arabic name left empty. */
  onSave: (value: string | null) => void;
  onCancel: () => void;
}

/** One name of a category, edited in place: its name, or its Arabic name. */
export function CategoryNameForm({ label, hint, initial, arabic, busy, onSave, onCancel }: CategoryNameFormProps) {
  const { t } = useTranslation('admin-categories');
  const [value, setValue] = useState(initial);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    setMissing(!trimmed && !arabic);
    if (trimmed || arabic) onSave(trimmed || null);
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={inputId}
          lang={arabic ? 'ar' : 'en'}
          dir={arabic ? 'rtl' : 'ltr'}
          value={value}
          maxLength={100}
          aria-invalid={missing}
          aria-describedby={missing ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm sm:flex-1"
        />
        <div className="flex gap-2">
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
            <Check className="size-4" aria-hidden="true" />
            {t('form.save')}
          </Button>
          <Button onClick={onCancel}>
            <X className="size-4" aria-hidden="true" />
            {t('form.cancel')}
          </Button>
        </div>
      </div>
      {missing && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {t('add.required')}
        </p>
      )}
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
    </form>
  );
}
