import { render, screen, waitFor } from '@testing-library/react';
import { notify, ToastHost } from './toast';

test('a toast raised before the container exists is shown once it loads', async () => {
  render(<ToastHost />);
  expect(document.querySelector('.Toastify')).toBeNull(); // nothing fetched or drawn until the first toast
  notify.success('Post was created!');
  expect((await screen.findByText('Post was created!')).textContent).toBe('Post was created!');
});

test('error toasts carry their text too', async () => {
  render(<ToastHost />);
  notify.error('No account exists with that email and password.', { autoClose: 5500 });
  expect(await screen.findByText('No account exists with that email and password.')).toBeTruthy();
});

test('toasts wear the dark theme, which the shell colours with the product tokens', async () => {
  render(<ToastHost />);
  notify.info('The information entered has already been saved.');
  const text = await screen.findByText('The information entered has already been saved.');
  expect(text.closest('.Toastify__toast')?.classList).toContain('Toastify__toast-theme--dark');
});

test("a success takes the earlier try's error away; other toasts stay (issue 35)", async () => {
  render(<ToastHost />);
  notify.error('Password must be at least 8 characters.');
  notify.info('Saving your profile.');
  await screen.findByText('Password must be at least 8 characters.');
  notify.success('Your password was changed.');
  await screen.findByText('Your password was changed.');
  // Leaving (jsdom runs no animation, so its exit never ends and the element stays).
  const leaving = (text: string) =>
    screen.getByText(text).closest('.Toastify__toast')?.getAttribute('data-in');
  await waitFor(() => expect(leaving('Password must be at least 8 characters.')).toBe('false'));
  expect(leaving('Saving your profile.')).toBe('true');
});
