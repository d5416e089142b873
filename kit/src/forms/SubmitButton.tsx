// A button that shows progress while its request runs and cannot be pressed twice meanwhile.
import type { ButtonHTMLAttributes } from 'react';
import styles from './forms.module.css';

export interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
}

export function SubmitButton({
  busy = false,
  variant = 'primary',
  type = 'submit',
  disabled,
  className,
  children,
  ...button
}: SubmitButtonProps) {
  return (
    <button
      {...button}
      type={type}
      className={`${styles.button} ${styles[variant]} ${className ?? ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className={styles.buttonSpinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
