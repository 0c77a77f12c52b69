import { useId } from 'react';

interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'password';
  value: string;
  error: string | null;
  autoComplete: string;
  onChange: (value: string) => void;
}

/** A labelled input with its error shown right under it. */
export function TextField({ label, name, type = 'text', value, error, autoComplete, onChange }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={`${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field-error" id={`${id}-error`} data-testid={`${name}-error`}>
        {error ?? ''}
      </p>
    </div>
  );
}
