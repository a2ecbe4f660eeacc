import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { returnsToBookmarks } from '../navigation-state.js';

/** Back to the bookmarks page when the paper was opened from there, else back to the digest. */
export function BackToListButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [toBookmarks] = useState(returnsToBookmarks);
  return (
    <Button variant="ghost" className="-ms-3" onClick={() => navigate(toBookmarks ? '/bookmarks' : '/ai-digest')}>
      <ArrowLeft className="size-4 rtl:-scale-x-100" />
      {toBookmarks ? t('paper.backToBookmarks') : t('paper.backToDigest')}
    </Button>
  );
}
