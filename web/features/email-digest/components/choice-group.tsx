import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}

/** One choice of a few, as native radio buttons (arrow keys move between them) drawn as cards; a hint is the choice's description. */
export function ChoiceGroup<T extends string>({ legend, choices, value, onChange }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {choices.map((choice) => {
          const id = `${name}-${choice.value}`;
          return (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:bg-slate-50 has-checked:border-indigo-300 has-checked:bg-indigo-50"
            >
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                aria-labelledby={`${id}-label`}
                aria-describedby={choice.hint ? `${id}-hint` : undefined}
                className="mt-0.5 size-4 shrink-0 accent-indigo-700"
              />
              <span className="flex flex-col gap-0.5">
                <span id={`${id}-label`} className="text-sm font-medium text-slate-900">
                  {choice.label}
                </span>
                {choice.hint && (
                  <span id={`${id}-hint`} className="text-sm text-slate-600">
                    {choice.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
