/**
 * A small house, drawn (no emoji font needed: the emoji showed as an empty box without a colour-emoji font) for
 * the home planet marks on the map and /home-list. With a `label` it is an image with that accessible name (the
 * house symbol that prefixes the home planet's name); without, decoration beside a text that says Home.
 */
export function HouseIcon({ size = 14, label }: { size?: number; label?: string }) {
  const path = <path d="M2 7.5 8 2l6 5.5V14H10v-4H6v4H2Z" fill="currentColor" />;
  const common = { viewBox: '0 0 16 16', width: size, height: size, style: { verticalAlign: '-2px' } };
  return label ? (
    <svg {...common} role="img" aria-label={label}>
      {path}
    </svg>
  ) : (
    <svg {...common} aria-hidden="true" focusable="false">
      {path}
    </svg>
  );
}
