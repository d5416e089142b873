// A post's menu (issue 31): a "More actions" button opening a menu with Report, for others' posts and replies.
// Keyboard: Enter/Space/ArrowDown open it on its first item, the arrows move, Escape closes it back on the button,
// Tab or a click elsewhere closes it. Report opens the kit's report dialog, which offers to block or mute the author.
import { ReportDialog, reportApi, safetyApi } from '@skynet/kit';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { MoreIcon } from './icons';
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
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? list[0] : list[list.length - 1])?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <span className={styles.menuHolder}>
      <button
        ref={trigger}
        type="button"
        className={`${styles.action} ${styles.more}`}
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((now) => !now)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <MoreIcon />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="More actions"
          className={styles.menu}
          onKeyDown={onMenuKey}
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              setReporting(true);
            }}
          >
            Report
          </button>
        </div>
      )}
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
    </span>
  );
}
