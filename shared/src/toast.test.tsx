import { render, screen } from '@testing-library/react';
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
