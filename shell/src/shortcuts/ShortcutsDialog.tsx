import { Dialog, SubmitButton } from '@skynet/kit';
import styles from './shortcuts.module.css';

/** Every keyboard shortcut, in the order the `?` dialog lists them. */
export const SHORTCUTS: ReadonlyArray<readonly [keys: string[], action: string]> = [
  [['n'], 'New post'],
  [['/'], 'Search'],
  [['j'], 'Next post'],
  [['k'], 'Previous post'],
  [['l'], 'Like the focused post'],
  [['s'], 'Save the focused post'],
  [['Enter'], 'Open the focused post'],
  [['g', 'h'], 'Home'],
  [['g', 'n'], 'Notifications'],
  [['g', 'm'], 'Messages'],
  [['?'], 'This list of shortcuts'],
];

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open title="Keyboard shortcuts" description="Not while typing in a field." onClose={onClose}>
      <dl className={styles.list}>
        {SHORTCUTS.map(([keys, action]) => (
          <div key={action} className={styles.row}>
            <dt>
              {keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && ' then '}
                  <kbd className={styles.key}>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <SubmitButton type="button" variant="secondary" onClick={onClose} data-autofocus>
        Close
      </SubmitButton>
    </Dialog>
  );
}
