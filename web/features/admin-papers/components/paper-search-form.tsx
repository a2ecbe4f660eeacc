import { Search } from 'lucide-react';
import { TextFieldForm } from '../../../components/ui/text-field-form.js';
import { useTranslation } from '../../../lib/i18n.js';

/** Search by arXiv id (trimmed, non-empty); starts with the id the address names. */
export function PaperSearchForm({ initial, onSearch }: { initial: string; onSearch: (arxivId: string) => void }) {
  const { t } = useTranslation('admin-papers');
  return (
    <TextFieldForm
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      requiredMessage={t('search.required')}
      submitLabel={t('search.submit')}
      icon={Search}
      initial={initial}
      onSubmit={onSearch}
    />
  );
}
