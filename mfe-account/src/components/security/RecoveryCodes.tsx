// Recovery codes, shown once (after the authenticator is turned on, a first passkey is added or new ones are asked
// for): each signs in once instead of a second factor. Copy and Download keep them; Done closes the panel.
import { useEffect, useRef, useState } from 'react';
import styles from './styles';

export const RECOVERY_CODES_TITLE = 'Your recovery codes';
export const RECOVERY_CODES_TEXT =
  'Each code signs you in once if you lose your authenticator app or passkey. Keep them somewhere safe: they are shown only this once.';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Skynet recovery codes\n\n${codes.join('\n')}\n`;

  const copy = () => {
    const clipboard = navigator.clipboard;
    if (!clipboard) {
      setSaid('This browser cannot copy: select the codes instead.');
      return;
    }
    clipboard.writeText(codes.join('\n')).then(
      () => setSaid('The codes are copied.'),
      () => setSaid('The codes could not be copied: select them instead.'),
    );
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'skynet-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setSaid('The codes are downloaded.');
  };

  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle} ref={heading} tabIndex={-1}>
        {RECOVERY_CODES_TITLE}
      </h3>
      <p className={styles.text}>{RECOVERY_CODES_TEXT}</p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className={styles.buttons}>
        <button type="button" className={styles.button} onClick={copy}>
          Copy codes
        </button>
        <button type="button" className={styles.button} onClick={download}>
          Download codes
        </button>
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onDone}>
          I have saved them
        </button>
      </div>
      <p className={styles.said} role="status">
        {said}
      </p>
    </div>
  );
}
