// A post's content warning (issue 35), as the composer and the editor ask for it: up to the API's length, never more.
import { CONTENT_WARNING_MAX_LENGTH } from '@skynet/contract';
import { useId } from 'react';
import styles from './Form.module.css';

export function ContentWarningField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value.slice(0, CONTENT_WARNING_MAX_LENGTH))}
        maxLength={CONTENT_WARNING_MAX_LENGTH}
        placeholder={placeholder}
      />
    </div>
  );
}
