// A button opening a small menu of actions (issue 31: a post's Report, a conversation's Report and Block).
// Keyboard: Enter/Space/ArrowDown open it on its first item, the arrows, Home and End move, Escape closes it back on
// the button, Tab or a press elsewhere closes it. Choosing an item closes the menu, then runs the item.
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import styles from './menu.module.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

export interface MenuButtonProps {
  /** The button's accessible name (and the menu's), e.g. 'More actions'. */
  label: string;
  items: MenuItem[];
  /** What the button shows (an icon); the label is its name. */
  children: ReactNode;
  /** The button's look, from the screen's own styles. */
  className?: string;
  /** The button, e.g. for a dialog an item opens to give focus back to. */
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

export function MenuButton({ label, items, children, className, buttonRef }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const own = useRef<HTMLButtonElement>(null);
  const trigger = buttonRef ?? own;
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    entries(menu.current)[0]?.focus();
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, trigger]);

  const onMenuKey = (event: KeyboardEvent) => {
    const list = entries(menu.current);
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
    <span className={styles.holder}>
      <button
        ref={trigger}
        type="button"
        className={className}
        aria-label={label}
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
        {children}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.menu}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}

const entries = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];
