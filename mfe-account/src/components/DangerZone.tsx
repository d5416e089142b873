import { accountApi } from '@skynet/kit';
import { session } from '@skynet/shared';
import { changePassword } from '../hooks/changePassword';
import { AccountChangeFlow } from './AccountChangeFlow';
import styles from './DangerZone.module.css';
import { DeleteAccountFlow } from './DeleteAccountFlow';

/** Manage Account's Danger Zone: every change goes through confirmation dialogs. */
export function DangerZone() {
  return (
    <section className={styles.zone} aria-labelledby="danger-zone">
      <h2 id="danger-zone" className={styles.heading}>
        Danger Zone
      </h2>
      <p className={styles.intro}>These change how you sign in. Each one asks you to confirm first.</p>
      <div className={styles.actions}>
        <AccountChangeFlow
          label="Change Username"
          question="Do you want to change your username? Others will see the new one on your posts and profile."
          fields={[{ name: 'newUsername', label: 'New username', type: 'text', autoComplete: 'username' }]}
          submit={(values) => accountApi.changeUsername((values.newUsername ?? '').trim())}
          onChanged={(values) => session.patchUser({ userName: (values.newUsername ?? '').trim() })}
        />
        <AccountChangeFlow
          label="Change Email"
          question="Do you want to change the e-mail you sign in with?"
          fields={[
            { name: 'currEmail', label: 'Current email', type: 'email', autoComplete: 'email' },
            { name: 'newEmail', label: 'New email', type: 'email', autoComplete: 'off' },
            { name: 'confirmEmail', label: 'Confirm new email', type: 'email', autoComplete: 'off' },
            // Re-authentication: whoever holds a signed-in browser must still know the password.
            {
              name: 'password',
              label: 'Current password',
              type: 'password',
              autoComplete: 'current-password',
            },
          ]}
          note="The new address takes effect once you open the link we send to it."
          submit={(values) =>
            accountApi.changeEmail(
              (values.currEmail ?? '').trim(),
              (values.newEmail ?? '').trim(),
              (values.confirmEmail ?? '').trim(),
              values.password ?? '',
            )
          }
        />
        <AccountChangeFlow
          label="Change Password"
          question="Do you want to change your password?"
          fields={[
            {
              name: 'password',
              label: 'Current password',
              type: 'password',
              autoComplete: 'current-password',
            },
            { name: 'newpassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
            {
              name: 'confirmpassword',
              label: 'Confirm new password',
              type: 'password',
              autoComplete: 'new-password',
            },
          ]}
          submit={(values) =>
            changePassword(values.password ?? '', values.newpassword ?? '', values.confirmpassword ?? '')
          }
        />
        <DeleteAccountFlow />
      </div>
    </section>
  );
}
