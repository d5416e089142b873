import styles from './Toggles.module.css';

/**
 * A row of pressed/unpressed buttons choosing what a page lists (Search: Posts or Users; a profile: Posts or
 * Replies). A named group of toggle buttons: each says whether it is the one shown (aria-pressed).
 */
export function ViewToggles<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.toggles} aria-label={label}>
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          className={styles.toggle}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </fieldset>
  );
}
