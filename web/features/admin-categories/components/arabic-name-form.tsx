import { Check, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { CategoryRef } from '../../../../common/papers.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

interface ArabicNameFormProps {
  category: CategoryRef;
  busy: boolean;
  /** The trimmed Arabic name, or null when the field was left empty (the name is removed). */
  onSave: (nameAr: string | null) => void;
  onCancel: () => void;
}

/** The Arabic name of one category, edited in place; empty removes it, so Arabic readers see the name. */
export function ArabicNameForm({ category, busy, onSave, onCancel }: ArabicNameFormProps) {
  const { t } = useTranslation('admin-categories');
  const [value, setValue] = useState(category.nameAr ?? '');
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(value.trim() || null);
  }

  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('arabic.label', { name: category.name })}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={inputId}
          lang="ar"
          dir="rtl"
          value={value}
          maxLength={100}
          aria-describedby={hintId}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel();
          }}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm sm:flex-1"
        />
        <div className="flex gap-2">
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
            <Check className="size-4" aria-hidden="true" />
            {t('arabic.save')}
          </Button>
          <Button onClick={onCancel}>
            <X className="size-4" aria-hidden="true" />
            {t('arabic.cancel')}
          </Button>
        </div>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('arabic.hint')}
      </p>
    </form>
  );
}
