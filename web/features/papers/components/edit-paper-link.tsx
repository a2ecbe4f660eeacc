import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { editPaperPath } from '../../../../common/routes.js';
import { buttonClasses } from '../../../components/ui/button.js';

/** Edit Paper, for admins: to the paper in the admin papers screen. `label` names the paper on a card. */
export function EditPaperLink({ arxivId, text, label }: { arxivId: string; text: string; label?: string }) {
  return (
    <Link to={editPaperPath(arxivId)} aria-label={label} className={buttonClasses('secondary')}>
      <Pencil className="size-4" aria-hidden="true" />
      {text}
    </Link>
  );
}
