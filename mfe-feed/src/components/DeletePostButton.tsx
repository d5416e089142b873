// Delete post (spec point 6: only in the expanded post view, for its author or an administrator), drawn in the
// footer of the post's card by the post's page (PostCard's \`footer\`).
import { base } from './icons';
import styles from './PostCard.module.css';

export function DeletePostButton({ onDelete, deleting }: { onDelete: () => void; deleting: boolean }) {
  return (
    <button
      type="button"
      className={`${styles.action} ${styles.delete}`}
      onClick={onDelete}
      disabled={deleting}
      aria-busy={deleting}
    >
      <TrashIcon />
      <span>Delete post</span>
    </button>
  );
}

function TrashIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path
        d="M4 7h16M9 7V4.5h6V7m-8.5 0 1 13h9l1-13"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
