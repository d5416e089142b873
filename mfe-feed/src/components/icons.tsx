// Small inline icons: decorative (aria-hidden); the controls carrying them have their own names.
export const base = { width: 20, height: 20, viewBox: '0 0 24 24', focusable: false } as const;

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg {...base} aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg {...base} aria-hidden="true">
      <path
        d="M6 3.5h12v17l-6-4.2-6 4.2v-17Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function CommentIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path
        d="M4 5.5h16v10H9l-5 4v-14Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
