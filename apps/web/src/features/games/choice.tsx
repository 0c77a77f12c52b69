import type { ReactNode } from 'react';
import './dialog-forms.css';

interface Option<T> {
  value: T;
  label: ReactNode;
  isDisabled?: boolean;
}

/** A row of chips; several may be on. */
export function MultiChoice<T extends string | number>({
  label,
  options,
  selected,
  onChange,
  testId,
}: {
  label: string;
  options: Option<T>[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
  testId: string;
}) {
  return (
    <fieldset className="choice" data-testid={testId}>
      <legend>{label}</legend>
      <div className="chips">
        {options.map((option) => {
          const isOn = selected.includes(option.value);
          return (
            <button
              key={String(option.value)}
              type="button"
              className={`chip${isOn ? ' chip-on' : ''}`}
              aria-pressed={isOn}
              disabled={option.isDisabled}
              onClick={() => onChange(isOn ? selected.filter((v) => v !== option.value) : [...selected, option.value])}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A row of chips; exactly one is on. */
export function SingleChoice<T extends string | number | boolean | null>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: Option<T>[];
  value: T;
  onChange: (next: T) => void;
  testId: string;
}) {
  return (
    <fieldset className="choice" data-testid={testId}>
      <legend>{label}</legend>
      <div className="chips" role="radiogroup" aria-label={label}>
        {options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            role="radio"
            className={`chip${option.value === value ? ' chip-on' : ''}`}
            aria-checked={option.value === value}
            disabled={option.isDisabled}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** An on/off option as a switch row. */
export function Switch({
  label,
  hint,
  isOn,
  onChange,
  testId,
}: {
  label: string;
  hint?: string;
  isOn: boolean;
  onChange: (next: boolean) => void;
  testId: string;
}) {
  return (
    <label className="switch-row" data-testid={testId}>
      <span className="switch-text">
        <span>{label}</span>
        {hint ? <small>{hint}</small> : null}
      </span>
      <input type="checkbox" role="switch" className="switch" checked={isOn} onChange={(event) => onChange(event.target.checked)} />
    </label>
  );
}
