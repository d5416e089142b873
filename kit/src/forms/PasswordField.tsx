// A labelled password input with a show/hide toggle whose accessible name says what it does.
import { type InputHTMLAttributes, useId, useState } from 'react';
import styles from './forms.module.css';

export interface PasswordFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The toggle reads "Show <toggleName>" / "Hide <toggleName>"; "password" by default. */
  toggleName?: string;
  /**
   * What is wrong with the password (e.g. the server's reason a weak one is refused): shown under the field,
   * announced as it appears (role="alert"), and the input's description while it stays.
   */
  error?: string | null;
}

export function PasswordField({
  label,
  value,
  onChange,
  toggleName = 'password',
  error,
  id,
  className,
  ...input
}: PasswordFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.passwordRow}>
        <input
          {...input}
          id={inputId}
          className={styles.input}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : input['aria-invalid']}
          aria-describedby={error ? errorId : input['aria-describedby']}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
          aria-controls={inputId}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
