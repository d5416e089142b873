// A post's menu (issue 31): the kit's MenuButton ("More actions") with Report, for others' posts and replies.
// Report opens the kit's report dialog, which offers to block or mute the author after the thanks. The post's page
// gives it to PostCard (its `menu`) for the post and each card of its thread.
import type { Comment, Post } from '@skynet/contract';
import { MenuButton, ReportDialog, reportApi, safetyApi } from '@skynet/kit';
import { useRef, useState } from 'react';
import { base } from './icons';
import styles from './PostCard.module.css';

export function PostMenu({
  postId,
  authorId,
  userName,
}: {
  postId: string;
  authorId: string;
  userName: string;
}) {
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <MenuButton
        label="More actions"
        className={`${styles.action} ${styles.more}`}
        buttonRef={trigger}
        items={[{ label: 'Report', onSelect: () => setReporting(true) }]}
      >
        <MoreIcon />
      </MenuButton>
      <ReportDialog
        open={reporting}
        targetType="post"
        targetId={postId}
        userName={userName}
        send={reportApi.report}
        onBlock={async () => {
          await safetyApi.block(authorId);
        }}
        onMute={async () => {
          await safetyApi.mute(authorId);
        }}
        onClose={() => setReporting(false)}
        returnFocusTo={trigger}
      />
    </>
  );
}

function MoreIcon() {
  return (
    <svg {...base} aria-hidden="true">
      <path d="M5 12h0m7 0h0m7 0h0" stroke="currentColor" strokeWidth="3.6" strokeLinecap="round" />
    </svg>
  );
}

/** The menu of a post or reply for the signed-in viewer `me`: others' posts only, not deleted or removed ones. */
export function postMenu(post: Post | Comment, me: string | undefined) {
  if (me === undefined || me === post.authorId || post.deleted || post.removed) return undefined;
  return <PostMenu postId={post._id} authorId={post.authorId} userName={post.userName} />;
}
