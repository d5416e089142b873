// 'Direct messages' (issue 31): who may start a conversation with you, saved as soon as it is chosen (PATCH
// /api/user/messagePolicy); the current value is the signed-in person's, everyone by default. A failed save puts
// the earlier choice back and says why.
import { failureText, type MessagePolicyValue, safetyApi } from '@skynet/kit';
import { session, useSession } from '@skynet/shared';
import { useId, useState } from 'react';
import styles from './Safety.module.css';
import { Section } from './Section';

export const MESSAGE_POLICIES: readonly [MessagePolicyValue, string][] = [
  ['everyone', 'Everyone'],
  ['following', 'People I follow'],
  ['nobody', 'Nobody'],
];

export function MessagePolicySection() {
  const { user } = useSession();
  const saved = user?.messagePolicy ?? 'everyone';
  const [choice, setChoice] = useState<MessagePolicyValue | null>(null);
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const value = choice ?? saved;

  const choose = (next: MessagePolicyValue) => {
    if (saving || next === value) return;
    const before = value;
    setChoice(next);
    setSaving(true);
    setError(null);
    setSaid('');
    safetyApi
      .messagePolicy(next)
      .then((policy) => {
        session.patchUser({ messagePolicy: policy });
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
      <div className={styles.choices} role="radiogroup" aria-labelledby={labelId} aria-busy={saving}>
        {MESSAGE_POLICIES.map(([policy, label]) => (
          <label key={policy} className={styles.choice}>
            <input
              type="radio"
              name="messagePolicy"
              value={policy}
              checked={value === policy}
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
