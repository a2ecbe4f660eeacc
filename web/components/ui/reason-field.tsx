import { useId } from 'react';

interface ReasonFieldProps {
  label: string;
  value: string;
  maxLength: number;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A short free text an action takes along (a moderator's reason, a report's details), of a few lines. */
export function ReasonField({ label, value, maxLength, disabled = false, onChange }: ReasonFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        dir="auto"
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:bg-slate-100"
      />
    </div>
  );
}
