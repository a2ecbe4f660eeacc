import type { LucideIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from './button.js';

interface TextFieldFormProps {
  label: string;
  placeholder: string;
  /**
   * Makes the field required: shown, and announced, when the trimmed text is empty, and nothing is
   * submitted then. Without it an empty text is submitted (a search for everything).
   */
  requiredMessage?: string;
  submitLabel: string;
  /** The button's text while `busy`. */
  busyLabel?: string;
  icon: LucideIcon;
  busy?: boolean;
  initial?: string;
  maxLength?: number;
  /** A bordered card, or plain inside a page section. */
  framed?: boolean;
  /** Controls under the field, such as a checkbox. */
  children?: ReactNode;
  /** The trimmed text, non-empty when the field is required. */
  onSubmit: (text: string) => void;
}

/**
 * One text field (an arXiv id or URL) with its button; a blank entry of a required field shows the
 * required message instead.
 */
export function TextFieldForm({
  label,
  placeholder,
  requiredMessage,
  submitLabel,
  busyLabel = submitLabel,
  icon: Icon,
  busy = false,
  initial = '',
  maxLength = 300,
  framed = false,
  children,
  onSubmit,
}: TextFieldFormProps) {
  const [input, setInput] = useState(initial);
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = input.trim();
    const missingText = requiredMessage !== undefined && trimmed === '';
    setMissing(missingText);
    if (!missingText) onSubmit(trimmed);
  }

  return (
    <form
      onSubmit={submit}
      className={
        framed
          ? 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm'
          : 'flex flex-col gap-2'
      }
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          dir="ltr"
          value={input}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={missing}
          aria-describedby={missing ? errorId : undefined}
          onChange={(event) => setInput(event.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm sm:flex-1"
        />
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          <Icon className="size-4" aria-hidden="true" />
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
      {missing && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {requiredMessage}
        </p>
      )}
      {children}
    </form>
  );
}

/** A labelled checkbox under a form field. */
export function FormCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-indigo-700"
      />
      {label}
    </label>
  );
}
