// 'Passkeys' (issue 32): the passkeys that sign you in (name, when added, when last used), Add a passkey (the
// browser's WebAuthn registration, @simplewebauthn/browser loaded on the press) and Remove (password and a code).
import {
  type AccountSecurityInfo,
  failureText,
  formatLongDate,
  type PasskeyEntry,
  securityApi,
  type WebAuthnJson,
} from '@skynet/kit';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Section } from '../safety/Section';
import { ConfirmForm } from './ConfirmForm';
import { RecoveryCodes } from './RecoveryCodes';
import { LOADING } from './SignInSection';
import styles from './styles';

export const NO_PASSKEYS_TEXT = 'You have no passkeys yet.';
export const PASSKEY_NOT_MADE = 'The passkey was not made. Try again, or use another device.';

export function PasskeysSection({
  security,
  onChanged,
  pending = false,
}: {
  security: AccountSecurityInfo;
  onChanged: () => void;
  /** Still loading: the list reads Loading… and the form is disabled (SignInSection's `pending`). */
  pending?: boolean;
}) {
  const [passkeys, setPasskeys] = useState<PasskeyEntry[]>(security.passkeys);
  useEffect(() => setPasskeys(security.passkeys), [security.passkeys]);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyEntry | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const nameId = useId();
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  // Drawn at build time (no window: /settings' drawing in the HTML), the section is drawn as most browsers show it.
  const supported = typeof window === 'undefined' || 'PublicKeyCredential' in window;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const label = name.trim();
    if (!label || adding) return;
    setAdding(true);
    setError(null);
    void (async () => {
      try {
        const optionsJSON = await securityApi.passkeyOptions();
        let response: WebAuthnJson;
        try {
          const { startRegistration } = await import('@simplewebauthn/browser');
          response = (await startRegistration({
            optionsJSON: optionsJSON as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
          })) as unknown as WebAuthnJson;
        } catch {
          throw new Error(PASSKEY_NOT_MADE);
        }
        const added = await securityApi.addPasskey(label, response);
        if (!live.current) return;
        setPasskeys((list) => [...list.filter((p) => p._id !== added.passkey._id), added.passkey]);
        setName('');
        setSaid(`The passkey “${added.passkey.name}” is added.`);
        if (added.recoveryCodes.length > 0) setCodes(added.recoveryCodes);
        onChanged();
      } catch (failure) {
        if (live.current) setError(failureText(failure, PASSKEY_NOT_MADE));
      } finally {
        if (live.current) setAdding(false);
      }
    })();
  };

  return (
    <Section title="Passkeys" headingRef={heading} busy={pending}>
      <p className={styles.intro}>
        A passkey signs you in with this device’s screen lock or a security key, instead of a code.
      </p>
      {passkeys.length > 0 ? (
        <ul className={styles.rows} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey._id}>
              <div className={styles.row}>
                <span className={styles.main}>
                  <span className={styles.strong}>{passkey.name}</span>
                  <span className={styles.meta}>
                    Added {formatLongDate(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `last used ${formatLongDate(passkey.lastUsedAt)}` : 'not used yet'}
                  </span>
                </span>
                {removing?._id !== passkey._id && (
                  <button
                    type="button"
                    className={styles.button}
                    aria-label={`Remove ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    Remove
                  </button>
                )}
              </div>
              {removing?._id === passkey._id && (
                <ConfirmForm
                  title={`Remove ${passkey.name}`}
                  submitLabel="Remove"
                  danger
                  hasPassword={security.hasPassword}
                  totp={security.totp}
                  submit={async (password, code) => {
                    await securityApi.removePasskey(passkey._id, password, code);
                    setPasskeys((list) => list.filter((p) => p._id !== passkey._id));
                    setRemoving(null);
                    setSaid(`The passkey “${passkey.name}” is removed.`);
                    heading.current?.focus();
                    onChanged();
                  }}
                  onCancel={() => {
                    setRemoving(null);
                    heading.current?.focus();
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={`${styles.empty} ${styles.sep}`}>{pending ? LOADING : NO_PASSKEYS_TEXT}</p>
      )}
      {codes && (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            heading.current?.focus();
          }}
        />
      )}
      {supported ? (
        <form className={`${styles.form} ${styles.sep}`} onSubmit={add} aria-label="Add a passkey">
          <div className={styles.field}>
            <label htmlFor={nameId} className={styles.label}>
              Passkey name
            </label>
            <input
              id={nameId}
              className={styles.input}
              value={name}
              maxLength={60}
              placeholder="e.g. My laptop"
              onChange={(event) => setName(event.target.value)}
              disabled={pending}
              required
              autoComplete="off"
            />
          </div>
          <button
            type="submit"
            className={`${styles.button} ${styles.primary}`}
            disabled={adding || !name.trim()}
            aria-busy={adding}
          >
            Add a passkey
          </button>
        </form>
      ) : (
        <p className={styles.empty}>This browser cannot make passkeys.</p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={said ? styles.said : styles.silent} role="status">
        {said}
      </p>
    </Section>
  );
}
