import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';

const INPUT =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 hover:border-slate-400 focus-visible:border-indigo-600 sm:text-sm';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  hint?: string;
}

/** A labelled input; the hint, when given, is read as the input's description. */
export function TextField({ label, hint, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} className={INPUT} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The email field every account form shares; the address may be at most 254 characters (RFC 5321). */
export function EmailField(input: Omit<TextFieldProps, 'label' | 'type' | 'name' | 'autoComplete' | 'maxLength'>) {
  const { t } = useTranslation('auth');
  return (
    <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" maxLength={254} {...input} />
  );
}

/** A form's full-width submit button, showing its busy label while the request runs. */
export function SubmitButton(props: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Button
      type="submit"
      variant="primary"
      disabled={props.busy || props.disabled}
      className={`h-11 w-full ${props.className ?? ''}`}
    >
      {props.busy ? props.busyLabel : props.label}
    </Button>
  );
}

/** A password input with a show/hide toggle at its end; the server takes at most 1024 characters. */
export function PasswordField({ label, hint, ...input }: TextFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${INPUT} pe-11`}
          aria-describedby={hint ? hintId : undefined}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
          aria-pressed={visible}
          aria-controls={id}
          className="absolute inset-y-0 end-0 grid w-11 place-items-center rounded-e-lg text-slate-600 hover:text-slate-900"
        >
          {visible ? <EyeOff className="size-5" /> : <Eye className="size-5" />}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** An error announced as it appears (role="alert"). */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
      {children}
    </div>
  );
}

/** A success or progress message, announced politely (role="status"). */
export function FormStatus({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800"
    >
      {children}
    </div>
  );
}
