// A conversation's Report and Block (issue 31), in a menu at the header's end so the partner's name keeps its room
// at 390 px. Report sends targetType 'conversation' with the partner's id and offers Block and Mute after the
// thanks; Block asks first (the kit's dialogs); Unblock is offered instead while you block them.
import type { User } from '@skynet/contract';
import { BlockDialog, failureText, MenuButton, ReportDialog, reportApi, safetyApi } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { useRef, useState } from 'react';
import styles from './ChatHeader.module.css';

export function ChatActions({
  partnerId,
  partner,
  blocking,
  muting,
  onBlocking,
}: {
  partnerId: string;
  partner: User | null;
  blocking: boolean;
  muting: boolean;
  onBlocking: (blocking: boolean) => void;
}) {
  const [dialog, setDialog] = useState<'block' | 'report' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const userName = partner?.userName ?? 'this user';
  const block = async () => {
    await safetyApi.block(partnerId);
    onBlocking(true);
  };
  const unblock = () =>
    safetyApi.unblock(partnerId).then(
      () => onBlocking(false),
      (error: unknown) => notify.error(failureText(error, 'Could not unblock this user. Please try again.')),
    );
  return (
    <>
      <MenuButton
        label="Conversation actions"
        className={styles.more}
        buttonRef={trigger}
        items={[
          { label: 'Report', onSelect: () => setDialog('report') },
          blocking
            ? { label: 'Unblock', onSelect: () => void unblock() }
            : { label: 'Block', onSelect: () => setDialog('block') },
        ]}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="5" cy="12" r="1.8" fill="currentColor" />
          <circle cx="12" cy="12" r="1.8" fill="currentColor" />
          <circle cx="19" cy="12" r="1.8" fill="currentColor" />
        </svg>
      </MenuButton>
      <BlockDialog
        open={dialog === 'block'}
        userName={userName}
        onConfirm={block}
        onClose={() => setDialog(null)}
        returnFocusTo={trigger}
      />
      <ReportDialog
        open={dialog === 'report'}
        targetType="conversation"
        targetId={partnerId}
        userName={userName}
        blocking={blocking}
        muting={muting}
        send={reportApi.report}
        onBlock={block}
        onMute={async () => {
          await safetyApi.mute(partnerId);
        }}
        onClose={() => setDialog(null)}
        returnFocusTo={trigger}
      />
    </>
  );
}
