import { authApi, notify, paths, session, useDocumentTitle } from '@skynet/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';

export default function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const token = await authApi.login(email, password);
      await session.signIn(token);
      notify.success('Logged in successfully.');
      navigate(params.get('returnTo') ?? paths.home(), { replace: true });
    } catch {
      notify.error('No account exists with that email and password.', { autoClose: 5500 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Log in">
      <h1>Log in</h1>
      <label>
        Email
        <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Password
        <input type="password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <button type="submit" disabled={busy}>
        Log in
      </button>
      <Link to={paths.signup()}>Not Registered? Sign up Instead</Link>
      <Link to={paths.forgotPassword()}>Forgot your password?</Link>
    </form>
  );
}
