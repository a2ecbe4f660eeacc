import { Eye, EyeOff } from 'lucide-react';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../../common/account-rules.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { type AuthAction, authErrorText, isNetworkFailure } from '../error-text.js';

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

type Result = { ok: true } | { ok: false; message: string };

/**
 * New Password and Confirm New Password, sent with `send`; once the server took it, the success text
 * and, after `redirectMs`, sign-in. The reset page and the verify page (outside the sign-up browser)
 * both end this way.
 */
export function NewPasswordForm(props: {
  send: (newPassword: string) => Promise<unknown>;
  action: Extract<AuthAction, 'reset' | 'verify'>;
  texts: { submit: string; submitting: string; success: string; failed: string };
  redirectMs: number;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const { redirectMs } = props;

  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => navigate('/authenticate', { replace: true }), redirectMs);
    return () => clearTimeout(timer);
  }, [result, navigate, redirectMs]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      setResult({ ok: false, message: t('reset.mismatch') });
      return;
    }
    setSending(true);
    setResult(null);
    try {
      await props.send(password);
      setResult({ ok: true });
    } catch (error) {
      const message = isNetworkFailure(error) ? null : authErrorText(error, t, props.action);
      setResult({ ok: false, message: message ?? props.texts.failed });
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {result?.ok === true && <FormStatus>{props.texts.success}</FormStatus>}
      {result?.ok === false && <FormError>{result.message}</FormError>}
      <PasswordField
        label={t('fields.newPassword')}
        name="new-password"
        autoComplete="new-password"
        hint={t('signUp.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        name="confirm-new-password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <SubmitButton
        busy={sending}
        disabled={result?.ok === true}
        label={props.texts.submit}
        busyLabel={props.texts.submitting}
      />
    </form>
  );
}
