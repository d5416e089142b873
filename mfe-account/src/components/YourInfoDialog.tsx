// "Your Info": whether the signed-in person is an administrator or a basic user, looked up fresh.
import { accountApi, Dialog, Loader, SubmitButton } from '@skynet/kit';
import { useEffect, useState } from 'react';
import styles from './YourInfoDialog.module.css';

export const INFO_FAILED = 'An error occured.';

type Info = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; admin: boolean; userName: string };

export function YourInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Your Info" onClose={onClose}>
      <InfoContent />
      <SubmitButton type="button" variant="secondary" onClick={onClose} data-autofocus>
        Close
      </SubmitButton>
    </Dialog>
  );
}

function InfoContent() {
  const [info, setInfo] = useState<Info>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    accountApi.currentUser().then(
      (user) => live && setInfo({ state: 'ready', admin: Boolean(user.admin), userName: user.userName }),
      () => live && setInfo({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (info.state === 'loading') return <Loader label="Loading your info" />;
  if (info.state === 'failed')
    return (
      <p role="alert" className={styles.error}>
        {INFO_FAILED}
      </p>
    );
  return (
    <dl className={styles.info}>
      <dt>Username</dt>
      <dd>@{info.userName}</dd>
      <dt>Account type</dt>
      <dd>{info.admin ? 'Administrator' : 'Basic user'}</dd>
    </dl>
  );
}
