// The search page's icon, in a module of its own so the feed's first load does not carry it (budgets.json).
import { base } from './icons';

export function SearchIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path
        d="M10.5 18a7.5 7.5 0 1 0 0-15 7.5 7.5 0 0 0 0 15Zm5.3-2.2L21 21"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
