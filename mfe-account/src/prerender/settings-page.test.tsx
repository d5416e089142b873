// `/settings`' drawing (./index.tsx) and its script (./settings-page.ts): the page as SettingsPage first draws it,
// started after its paint; its controls disabled until the real page is there; without a session the drawing goes at once.
import { ownClockPerTest, serveDrawnPage, startedScripts } from '@skynet/kit/testing';
import { signedIn } from './index';
import { showSettingsDrawing } from './settings-page';

const servedSettings = ({ session = true } = {}) =>
  serveDrawnPage(signedIn['/settings']?.() ?? '', showSettingsDrawing, { session });

const drawing = () => document.getElementById('prerendered');

ownClockPerTest();

test("the drawing is the settings page's first view: its menus as links, its security sections loading", async () => {
  const later = servedSettings();
  const page = drawing()!;
  expect(page.querySelector('h1')?.textContent).toBe('Settings');
  expect([...page.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(
    expect.arrayContaining(['Account', 'History', 'Sign-in security', 'Passkeys', 'General']),
  );
  expect(page.querySelector('a[href="/settings/manageAccount"]')?.textContent).toBe('Manage Account');
  expect(page.querySelector('a[href="/saved"]')?.textContent).toBe('Saved');
  expect(page.textContent).toContain('Loading…');
  // The page's scripts start after the paint, once; the drawing stays until SettingsPage renders.
  expect(startedScripts()).toEqual([]);
  await jest.advanceTimersByTimeAsync(50);
  expect(later).toHaveBeenCalledTimes(1);
  expect(startedScripts()).toEqual(['/main.abc.js']);
  expect(drawing()).not.toBeNull();
});

test("the drawing's buttons and fields wait, disabled, for the real page; its links work", () => {
  servedSettings();
  const page = drawing()!;
  const controls = [...page.querySelectorAll('button, input, select, textarea')];
  expect(controls.length).toBeGreaterThan(10);
  expect(controls.filter((control) => !control.hasAttribute('disabled'))).toEqual([]);
  expect(page.querySelector('a[href="/followers"]')?.hasAttribute('disabled')).toBe(false);
});

test('no session: the drawing goes and the scripts start at once', () => {
  servedSettings({ session: false });
  expect(drawing()).toBeNull();
  expect(startedScripts()).toEqual(['/main.abc.js']);
});
