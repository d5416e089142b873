// A post's "More actions" menu (issue 31), for others' posts and replies. The feed's first load carries only this
// button (its bytes are budgeted, budgets.json): the menu and the report dialog (PostActions) load when it is
// pressed, and open on their first item as the menu would have.
import { lazy, Suspense, useState } from 'react';
import { MoreIcon } from './icons';
import styles from './PostCard.module.css';

const PostActions = lazy(() => import('./PostActions'));

export function PostMenu(props: { postId: string; authorId: string; userName: string }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <span className={styles.menuHolder}>
      <button
        type="button"
        className={`${styles.action} ${styles.more}`}
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setWanted(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setWanted(true);
          }
        }}
      >
        <MoreIcon />
      </button>
    </span>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <PostActions {...props} />
    </Suspense>
  );
}
