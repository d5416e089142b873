// An accessible modal dialog: the native <dialog> opened with showModal(), so the browser traps focus,
// makes the page behind it inert and closes it on Escape. Labelled by its title, focus goes back to
// whatever opened it when it closes. Mark the element to focus first with `data-autofocus`. Where showModal() is missing (jsdom) it falls back to `open`.
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import styles from './forms.module.css';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Read out with the title (aria-describedby). */
  description?: ReactNode;
  /** False while a request runs: Escape and the backdrop do nothing. */
  dismissible?: boolean;
  tone?: 'default' | 'danger';
  /** Where focus goes on close when that is not the element that opened it (dialogs in a sequence). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  title,
  onClose,
  children,
  description,
  dismissible = true,
  tone = 'default',
  returnFocusTo,
}: Omit<DialogProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const latest = useRef({ onClose, dismissible, returnFocusTo });
  // Read before the first commit: an autoFocus inside the dialog moves focus before effects run.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(() => {
    latest.current = { onClose, dismissible, returnFocusTo };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let closing = false;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    // showModal() focuses the first focusable element; `data-autofocus` picks another (e.g. the safe button).
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    if (preferred) preferred.focus();
    else if (!dialog.contains(document.activeElement))
      dialog.querySelector<HTMLElement>('input, select, textarea, button, a[href]')?.focus();
    // The browser may close the dialog itself (a repeated Escape cannot be cancelled): keep the state in step.
    const onNativeClose = () => {
      if (!closing) latest.current.onClose();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => {
      closing = true;
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      const target = latest.current.returnFocusTo?.current ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [opener]);

  const dismiss = () => {
    if (latest.current.dismissible) latest.current.onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${tone === 'danger' ? styles.dangerDialog : ''}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      onKeyDown={(event) => {
        // The fallback without showModal() gets no `cancel` event: handle Escape here too.
        if (event.key === 'Escape' && typeof ref.current?.showModal !== 'function') {
          event.preventDefault();
          dismiss();
        }
      }}
      onClick={(event) => {
        // A click on the ::backdrop lands on the <dialog> itself, outside its content box.
        if (event.target === ref.current) dismiss();
      }}
    >
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className={styles.dialogDescription}>
            {description}
          </div>
        )}
        {children}
      </div>
    </dialog>
  );
}
