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

/** A password being chosen (registration, reset), with the password rules as its hint. */
export function NewPasswordField({
  label,
  name,
  value,
  onValue,
}: {
  label: string;
  name: string;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <FormField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      hint="At least 8 characters; a common password will be refused."
      value={value}
      onChange={(event) => onValue(event.target.value)}
    />
  );
}
