import { type FormEvent, useState } from 'react';
import type { Locale } from '../../../../common/account-rules.js';
import {
  DEFAULT_DIGEST_FREQUENCY,
  DIGEST_FREQUENCIES,
  type DigestFrequency,
  MAX_FOLLOWED_CATEGORIES,
} from '../../../../common/digest-rules.js';
import type { DigestSettings, DigestSubscription } from '../../../../common/digest-subscription.js';
import { Button } from '../../../components/ui/button.js';
import { LOCALES, useTranslation } from '../../../lib/i18n.js';
import { CategoryPicker } from './category-picker.js';
import { ChoiceGroup } from './choice-group.js';

interface DigestSettingsFormProps {
  answer: DigestSubscription;
  /** The language offered to a reader not yet subscribed: the one the site is shown in. */
  defaultLanguage: Locale;
  saving: boolean;
  unsubscribing: boolean;
  onSave: (settings: DigestSettings) => Promise<DigestSubscription | undefined>;
  onUnsubscribe: () => Promise<DigestSubscription | undefined>;
}

/** Categories, frequency and language of the digest, with Save and, for a subscriber, Unsubscribe. */
export function DigestSettingsForm(props: DigestSettingsFormProps) {
  const { t } = useTranslation('email-digest');
  const { subscription, availableCategories } = props.answer;
  const [categories, setCategories] = useState(subscription?.categories ?? []);
  const [frequency, setFrequency] = useState<DigestFrequency>(subscription?.frequency ?? DEFAULT_DIGEST_FREQUENCY);
  const [language, setLanguage] = useState<Locale>(subscription?.language ?? props.defaultLanguage);
  const busy = props.saving || props.unsubscribing;

  function submit(event: FormEvent) {
    event.preventDefault();
    // A category deleted since the page loaded is no longer offered, so it is not sent either.
    const followed = categories.filter((name) => availableCategories.some((category) => category.name === name));
    void props.onSave({ categories: followed, frequency, language });
  }

  async function unsubscribe() {
    if (await props.onUnsubscribe()) setCategories([]);
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <CategoryPicker
        available={availableCategories}
        selected={categories}
        onChange={setCategories}
        max={MAX_FOLLOWED_CATEGORIES}
      />
      <ChoiceGroup
        legend={t('frequency.legend')}
        value={frequency}
        onChange={setFrequency}
        choices={DIGEST_FREQUENCIES.map((value) => ({
          value,
          label: t(`frequency.${value}`),
          hint: t(`frequency.${value}Hint`),
        }))}
      />
      <ChoiceGroup
        legend={t('language.legend')}
        value={language}
        onChange={setLanguage}
        choices={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
      />
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        {subscription && (
          <Button
            variant="secondary"
            disabled={busy}
            aria-busy={props.unsubscribing}
            onClick={() => void unsubscribe()}
          >
            {props.unsubscribing ? t('unsubscribing') : t('unsubscribe')}
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={busy} aria-busy={props.saving} className="sm:min-w-32">
          {props.saving ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
