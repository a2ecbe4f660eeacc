import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

interface CategoryEditorProps {
  names: readonly string[];
  onChange: (names: string[]) => void;
}

/** The paper's categories: each removable, and a name to add (trimmed, non-empty, once). */
export function CategoryEditor({ names, onChange }: CategoryEditorProps) {
  const { t } = useTranslation('admin-papers');
  const [input, setInput] = useState('');
  const inputId = useId();

  function add() {
    const name = input.trim();
    if (name === '') return;
    if (!names.includes(name)) onChange([...names, name]);
    setInput('');
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('form.categories')}</legend>
      {names.length === 0 ? (
        <p className="text-sm text-slate-600">{t('form.noCategories')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {names.map((name) => (
            <li
              key={name}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 ps-3 pe-1 text-sm text-indigo-900"
            >
              <span dir="auto">{name}</span>
              <button
                type="button"
                aria-label={t('form.removeCategory', { name })}
                onClick={() => onChange(names.filter((other) => other !== name))}
                className="grid size-6 place-items-center rounded-full hover:bg-indigo-200"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label htmlFor={inputId} className="flex flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          {t('form.newCategory')}
          <input
            id={inputId}
            dir="auto"
            value={input}
            maxLength={100}
            onChange={(event) => setInput(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the category instead of sending the whole form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
          />
        </label>
        <Button onClick={add}>
          <Plus className="size-4" aria-hidden="true" />
          {t('form.addCategory')}
        </Button>
      </div>
    </fieldset>
  );
}
