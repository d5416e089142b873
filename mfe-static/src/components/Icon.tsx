export type IconName = 'lock' | 'scroll' | 'planet' | 'question' | 'mail' | 'phone';

/** Small line icons drawn in SVG (no emoji font needed). */
export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {name === 'lock' && (
        <>
          <rect x="5" y="10.5" width="14" height="10" rx="2.5" {...common} />
          <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" {...common} />
          <circle cx="12" cy="15.5" r="1.4" fill="currentColor" />
        </>
      )}
      {name === 'scroll' && (
        <>
          <path d="M7 3.5h10a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2Z" {...common} />
          <path d="M8.5 8h7M8.5 11.5h7M8.5 15h4.5" {...common} />
        </>
      )}
      {name === 'planet' && (
        <>
          <circle cx="12" cy="12" r="5.5" {...common} />
          <ellipse cx="12" cy="12" rx="10" ry="3.4" transform="rotate(-20 12 12)" {...common} />
        </>
      )}
      {name === 'question' && (
        <>
          <circle cx="12" cy="12" r="9" {...common} />
          <path d="M9.5 9.5a2.6 2.6 0 1 1 3.6 2.4c-.7.3-1.1.9-1.1 1.6v.5" {...common} />
          <circle cx="12" cy="17" r="1.1" fill="currentColor" />
        </>
      )}
      {name === 'mail' && (
        <>
          <rect x="3" y="5.5" width="18" height="13" rx="2.5" {...common} />
          <path d="m4 7 8 6 8-6" {...common} />
        </>
      )}
      {name === 'phone' && (
        <path
          d="M6.6 3.5h2.6l1.5 4-2 1.4a11 11 0 0 0 6.4 6.4l1.4-2 4 1.5v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2Z"
          {...common}
        />
      )}
    </svg>
  );
}
