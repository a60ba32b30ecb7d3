import { useId, type InputHTMLAttributes } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

export function FormField({ label, hint, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The account email field of the login, registration and recovery forms. */
export function EmailField({
  value,
  onValue,
}: {
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <FormField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
