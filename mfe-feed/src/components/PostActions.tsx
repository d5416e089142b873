// A post's menu (issue 31): the kit's MenuButton ("More actions") with Report, for others' posts and replies.
// Report opens the kit's report dialog, which offers to block or mute the author after the thanks. Loaded when the
// stand-in button of PostMenu.tsx is pressed, so it opens on its first item.
import { MenuButton, ReportDialog, reportApi, safetyApi } from '@skynet/kit';
import { useRef, useState } from 'react';
import { MoreIcon } from './icons';
import styles from './PostCard.module.css';

export default function PostActions({
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
        defaultOpen
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
