/** A small house, drawn (no emoji font needed) for the home planet marks on the map. */
export function HouseIcon({ size = 14 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      style={{ verticalAlign: '-2px' }}
    >
      <path d="M2 7.5 8 2l6 5.5V14H10v-4H6v4H2Z" fill="currentColor" />
    </svg>
  );
}
