// Change Username / Email / Password: a confirm dialog, then a form dialog. The server's message is shown
// on success (toast, once the dialog has closed), its error inside the form dialog (which stays open).
import { Dialog, failureText, PasswordField, SubmitButton, TextField, useSingleFlight } from '@skynet/kit';
import { notify } from '@skynet/shared';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import styles from './DangerZone.module.css';

export interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete?: string;
}

export interface AccountChangeFlowProps {
  /** The Danger Zone button, e.g. "Change Username". */
  label: string;
  /** The confirm dialog's question. */
  question: string;
  fields: FieldSpec[];
  /** A line shown above the form's fields (what happens next). */
  note?: string;
  /** Sends the change; answers the server's message. */
  submit: (values: Record<string, string>) => Promise<string>;
  onChanged?: (values: Record<string, string>) => void;
}

type Step = 'idle' | 'confirm' | 'form';

export function AccountChangeFlow({
  label,
  question,
  fields,
  note,
  submit,
  onChanged,
}: AccountChangeFlowProps) {
  const [step, setStep] = useState<Step>('idle');
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={styles.action}
        onClick={() => setStep('confirm')}
        aria-haspopup="dialog"
      >
        {label}
      </button>
      <Dialog
        open={step === 'confirm'}
        returnFocusTo={trigger}
        title={label}
        onClose={() => setStep('idle')}
        description={question}
      >
        <div className={styles.buttons}>
          <SubmitButton type="button" variant="secondary" onClick={() => setStep('idle')}>
            Cancel
          </SubmitButton>
          <SubmitButton type="button" onClick={() => setStep('form')} data-autofocus>
            Continue
          </SubmitButton>
        </div>
      </Dialog>
      {step === 'form' && (
        <ChangeForm
          returnFocusTo={trigger}
          title={label}
          fields={fields}
          note={note}
          submit={submit}
          onClose={() => setStep('idle')}
          onChanged={onChanged}
        />
      )}
    </>
  );
}

function ChangeForm({
  returnFocusTo,
  title,
  fields,
  note,
  submit,
  onClose,
  onChanged,
}: {
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  title: string;
  fields: FieldSpec[];
  note?: string;
  submit: AccountChangeFlowProps['submit'];
  onClose: () => void;
  onChanged?: AccountChangeFlowProps['onChanged'];
}) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();

  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError(null);
      let message: string;
      try {
        message = await submit(values);
      } catch (failure) {
        setError(failureText(failure));
        return;
      }
      onChanged?.(values);
      onClose();
      notify.success(message);
    });
  };

  const set = (name: string) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  return (
    <Dialog open returnFocusTo={returnFocusTo} title={title} onClose={onClose} dismissible={!busy}>
      <form className={styles.form} onSubmit={send} aria-label={title}>
        {note && <p className={styles.note}>{note}</p>}
        {fields.map((field, index) =>
          field.type === 'password' ? (
            <PasswordField
              key={field.name}
              label={field.label}
              name={field.name}
              autoComplete={field.autoComplete}
              required
              data-autofocus={index === 0 ? true : undefined}
              toggleName={field.label.toLowerCase()}
              value={values[field.name] ?? ''}
              onChange={set(field.name)}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              data-autofocus={index === 0 ? true : undefined}
              value={values[field.name] ?? ''}
              onChange={set(field.name)}
            />
          ),
        )}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <SubmitButton type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </SubmitButton>
          <SubmitButton busy={busy}>Save</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
