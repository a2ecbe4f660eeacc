import { useId } from 'react';
import { COMMENT_ORDERS, type CommentOrder } from '../../../../common/comment-rules.js';
import { useTranslation } from '../../../lib/i18n.js';
import { isCommentOrder } from '../comment-order.js';

interface CommentSortMenuProps {
  order: CommentOrder;
  onChange: (order: CommentOrder) => void;
}

/** Most recent or oldest first; a native select, which every keyboard and screen reader knows. */
export function CommentSortMenu({ order, onChange }: CommentSortMenuProps) {
  const { t } = useTranslation('comments');
  const id = useId();
  return (
    <div className="flex items-center justify-end gap-2 text-sm">
      <label htmlFor={id} className="text-slate-700">
        {t('sort.label')}
      </label>
      <select
        id={id}
        value={order}
        onChange={(event) => {
          if (isCommentOrder(event.target.value)) onChange(event.target.value);
        }}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-slate-900"
      >
        {COMMENT_ORDERS.map((value) => (
          <option key={value} value={value}>
            {t(`sort.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
