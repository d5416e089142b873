import { readToken, writeToken } from '../http/token';
import { session } from './store';

test('signing out drops the token and remembers the person chose to', () => {
  writeToken('t');
  session.signOut();
  expect(readToken()).toBeNull();
  expect(session.get()).toMatchObject({ status: 'signed-out', user: null, endedBy: 'user' });
});

test('an expired token signs out too, but says so (so /login can offer the way back)', () => {
  writeToken('t');
  session.expire();
  expect(readToken()).toBeNull();
  expect(session.get().endedBy).toBe('expiry');
});

test('with no saved token, start() ends signed out without asking the server', async () => {
  await expect(session.start()).resolves.toBeNull();
  expect(session.get().status).toBe('signed-out');
});
