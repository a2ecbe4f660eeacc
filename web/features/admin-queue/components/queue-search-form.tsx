import { Search } from 'lucide-react';
import { FormCheckbox, TextFieldForm } from '../../../components/ui/text-field-form.js';
import { useTranslation } from '../../../lib/i18n.js';

interface QueueSearchFormProps {
  busy: boolean;
  addToBookmarks: boolean;
  onAddToBookmarksChange: (value: boolean) => void;
  /** The trimmed, non-empty arXiv id. */
  onSearch: (arxivId: string) => void;
}

/** Search by arXiv id (trimmed, non-empty) and the bookmark checkbox for the papers it scrapes. */
export function QueueSearchForm({ busy, addToBookmarks, onAddToBookmarksChange, onSearch }: QueueSearchFormProps) {
  const { t } = useTranslation('admin-queue');
  return (
    <TextFieldForm
      framed
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      requiredMessage={t('search.required')}
      submitLabel={t('search.submit')}
      busyLabel={t('search.searching')}
      icon={Search}
      busy={busy}
      onSubmit={onSearch}
    >
      <FormCheckbox label={t('addToBookmarks')} checked={addToBookmarks} onChange={onAddToBookmarksChange} />
    </TextFieldForm>
  );
}
