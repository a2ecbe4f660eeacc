import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { USER_PAGE_SIZES } from '../../../../common/account-rules.js';
import { useTranslation } from '../../../lib/i18n.js';
import type { VerifiedFilter } from '../api.js';

const SELECT =
  'h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white ps-3 pe-9 text-sm text-slate-900 hover:border-slate-400';

function LabelledSelect({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        {children(id)}
        <ChevronDown className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}

interface UsersFiltersProps {
  verified: VerifiedFilter;
  limit: number;
  onVerifiedChange: (value: VerifiedFilter) => void;
  onLimitChange: (value: number) => void;
}

const FILTERS: readonly VerifiedFilter[] = ['all', 'verified', 'unverified'];
const isFilter = (value: string): value is VerifiedFilter => (FILTERS as readonly string[]).includes(value);

/** Filter by Status and Users per page: native selects, light and keyboard friendly everywhere. */
export function UsersFilters({ verified, limit, onVerifiedChange, onLimitChange }: UsersFiltersProps) {
  const { t } = useTranslation('admin');
  const filterLabels: Record<VerifiedFilter, string> = {
    all: t('users.filterAll'),
    verified: t('users.filterVerified'),
    unverified: t('users.filterUnverified'),
  };
  return (
    <div className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:max-w-2xl">
      <LabelledSelect label={t('users.filterLabel')}>
        {(id) => (
          <select
            id={id}
            className={SELECT}
            value={verified}
            onChange={(event) => {
              if (isFilter(event.target.value)) onVerifiedChange(event.target.value);
            }}
          >
            {FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {filterLabels[filter]}
              </option>
            ))}
          </select>
        )}
      </LabelledSelect>
      <LabelledSelect label={t('users.perPage')}>
        {(id) => (
          <select
            id={id}
            className={SELECT}
            value={limit}
            onChange={(event) => onLimitChange(Number(event.target.value))}
          >
            {USER_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        )}
      </LabelledSelect>
    </div>
  );
}
