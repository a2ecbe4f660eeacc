import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../../common/account-rules.js';
import { useCurrentLocale } from '../../../components/ui/language-trigger.js';
import { useTranslation } from '../../../lib/i18n.js';
import { accountApi } from '../account-api.js';
import { authErrorText, isNetworkFailure } from '../error-text.js';
import { EmailField, FormError, PasswordField, SubmitButton, TextField } from './form-fields.js';

interface SignUpFormProps {
  /** Called with the address the verification link was sent to. */
  onSignedUp: (email: string) => void;
}

/** Sign Up: Full Name, Email, Password and Confirm Password, with the messages of SPEC §5 and §8. */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation('auth');
  const locale = useCurrentLocale();
  const [fields, setFields] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = fields.name.trim();
    const email = fields.email.trim();
    if (!name || !email || !fields.password || !fields.confirmPassword) {
      setError(t('errors.allFieldsRequired'));
      return;
    }
    if (fields.password !== fields.confirmPassword) {
      setError(t('errors.passwordsMismatch'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      // The answer is the same whether or not the address had an account, so it names no account.
      await accountApi.signup({ name, email, password: fields.password, locale });
      onSignedUp(email);
    } catch (failure) {
      if (isNetworkFailure(failure)) setError(t('errors.registrationNetwork'));
      else setError(authErrorText(failure, t, 'signup') ?? t('errors.registrationFailed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {error && <FormError>{error}</FormError>}
      <TextField
        label={t('fields.fullName')}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={fields.name}
        onChange={change('name')}
      />
      <EmailField value={fields.email} onChange={change('email')} />
      <PasswordField
        label={t('fields.password')}
        name="new-password"
        autoComplete="new-password"
        hint={t('signUp.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        value={fields.password}
        onChange={change('password')}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={change('confirmPassword')}
      />
      <SubmitButton busy={submitting} className="mt-1" label={t('signUp.submit')} busyLabel={t('signUp.submitting')} />
    </form>
  );
}
