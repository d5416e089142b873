import type { Planet } from '@skynet/contract';
import {
  authApi,
  failureText,
  PasswordField,
  passwordErrorOf,
  paths,
  planetApi,
  SubmitButton,
  TextField,
  useSingleFlight,
} from '@skynet/kit';
import { notify, session } from '@skynet/shared';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthLayout, Divider } from './AuthLayout';
import styles from './auth.module.css';
import { currentCoordinates } from './location';
import { ProviderButton } from './ProviderButton';
import { safeReturnPath } from './returnPath';

export const ACCOUNT_CREATED = 'Account created successfully.';
export const PLANETS_FAILED = 'The planets could not be loaded.';

type PlanetList = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; planets: Planet[] };

export default function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The server's reason a password is refused (too weak): under the field, until it is edited.
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [planetId, setPlanetId] = useState('');
  const [planets, setPlanets] = useState<PlanetList>({ state: 'loading' });
  const [busy, run] = useSingleFlight();
  const planetFieldId = useId();

  const loadPlanets = useCallback(() => {
    setPlanets({ state: 'loading' });
    planetApi.list().then(
      (list) => setPlanets({ state: 'ready', planets: list }),
      () => setPlanets({ state: 'failed' }),
    );
  }, []);
  useEffect(loadPlanets, [loadPlanets]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const coordinates = await currentCoordinates();
      let token: string;
      try {
        token = await authApi.signup({
          userName: userName.trim(),
          email: email.trim(),
          password,
          location: { ...coordinates, planetId },
        });
      } catch (error) {
        const weak = passwordErrorOf(error);
        if (weak) setPasswordError(weak);
        else notify.error(failureText(error));
        return;
      }
      await session.signIn(token);
      notify.success(ACCOUNT_CREATED);
      navigate(safeReturnPath(params.get('returnTo')) ?? paths.home(), { replace: true });
    });
  };

  return (
    <AuthLayout
      title="Join the galaxy"
      subtitle="Pick a name and a home planet to start posting."
      documentTitle="Sign up"
      footer={
        <Link to={paths.login()} className={styles.footerLink}>
          Already have an account? Log in
        </Link>
      }
    >
      <form className={styles.form} onSubmit={submit} aria-label="Sign up">
        <TextField
          label="Username"
          name="userName"
          autoComplete="username"
          required
          value={userName}
          onChange={setUserName}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          error={passwordError}
        />
        <div className={styles.field}>
          <label htmlFor={planetFieldId} className={styles.label}>
            Home planet
          </label>
          <select
            id={planetFieldId}
            name="planetId"
            className={styles.select}
            required
            value={planetId}
            onChange={(event) => setPlanetId(event.target.value)}
            aria-busy={planets.state === 'loading' || undefined}
          >
            <option value="" disabled>
              {planets.state === 'loading' ? 'Loading planets…' : 'Choose your home planet'}
            </option>
            {planets.state === 'ready' &&
              planets.planets.map((planet) => (
                <option key={planet._id} value={planet._id}>
                  {planet.name}
                </option>
              ))}
          </select>
          {planets.state === 'failed' && (
            <p className={styles.fieldError} role="alert">
              {PLANETS_FAILED}{' '}
              <button type="button" className={styles.textButton} onClick={loadPlanets}>
                Try again
              </button>
            </p>
          )}
        </div>
        <p className={styles.hint}>
          Your browser may ask for your location; without it your posts start at latitude 0, longitude 0.
        </p>
        <SubmitButton busy={busy} className={styles.wide}>
          Sign up
        </SubmitButton>
      </form>
      <Divider />
      <ProviderButton>Sign up with Google</ProviderButton>
    </AuthLayout>
  );
}
