import type { CSSProperties } from 'react';

const style: CSSProperties = {
  marginLeft: '0.5rem',
  padding: '0.1rem 0.5rem',
  border: '1px solid currentColor',
  borderRadius: '0.25rem',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
};

/** The small outlined button of the banner and the panel. */
export function OverrideButton({
  label,
  onClick,
  children,
}: {
  label?: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button type="button" aria-label={label} style={style} onClick={onClick}>
      {children}
    </button>
  );
}
