// 'Direct messages' (issue 31): who may start a conversation with you, saved as soon as it is chosen (PATCH
// /api/user/messagePolicy); the current value is read from GET /api/user/messagePolicy (the radios wait for it). A
// failed save puts the earlier choice back and says why.
import { failureText, type MessagePolicyValue, safetyApi } from '@skynet/kit';
import { useEffect, useId, useState } from 'react';
import styles from './Safety.module.css';
import { Failed, Section } from './Section';

export const MESSAGE_POLICIES: readonly [MessagePolicyValue, string][] = [
  ['everyone', 'Everyone'],
  ['following', 'People I follow'],
  ['nobody', 'Nobody'],
];

export function MessagePolicySection() {
  const [saved, setSaved] = useState<MessagePolicyValue | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoadFailed(false);
    safetyApi.getMessagePolicy().then(
      (policy) => live && setSaved(policy),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const [choice, setChoice] = useState<MessagePolicyValue | null>(null);
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const value = choice ?? saved;

  const choose = (next: MessagePolicyValue) => {
    if (saving || value === null || next === value) return;
    const before = value;
    setChoice(next);
    setSaving(true);
    setError(null);
    setSaid('');
    safetyApi
      .messagePolicy(next)
      .then((policy) => {
        setSaved(policy);
        setChoice(policy);
        setSaid('Saved.');
      })
      .catch((failure: unknown) => {
        setChoice(before);
        setError(failureText(failure, 'Could not save who can message you. Please try again.'));
      })
      .finally(() => setSaving(false));
  };

  return (
    <Section title="Direct messages">
      <p className={styles.intro} id={labelId}>
        Who can message you
      </p>
      {loadFailed && (
        <Failed text="Who can message you could not be loaded." onRetry={() => setAttempt((n) => n + 1)} />
      )}
      <div
        className={styles.choices}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-busy={saving || value === null}
      >
        {MESSAGE_POLICIES.map(([policy, label]) => (
          <label key={policy} className={styles.choice}>
            <input
              type="radio"
              name="messagePolicy"
              value={policy}
              checked={value === policy}
              disabled={value === null}
              onChange={() => choose(policy)}
            />
            {label}
          </label>
        ))}
      </div>
      <p className={said ? styles.status : styles.silent} role="status">
        {said}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Section>
  );
}
