// `/search/:text`'s drawing (./index.tsx) and its fill (./search-fill.ts): the text from the address into the box
// and the results' name, the first page of posts from the head start's call for that text; the Users choice, a blank
// text or no answer leave the page to the real one.

import { makePost, ownClockPerTest, servePage } from '@skynet/kit/testing';
import { signedIn } from './index';
import { fillSearchTemplate, searchSlots } from './search-fill';
import { SENT_ATTRIBUTE } from './static-page';

const post = (id: string) => makePost({ _id: id, content: `Dust storm ${id}`, likeCount: 0 });

/** The page as the server sends it for `address`, the head start having asked `answers`. */
async function served(address: string, answers: Record<string, unknown>) {
  const started = Object.entries(answers).map(([call, body]) => [call, Promise.resolve(body)]);
  servePage(address, signedIn['/search/:text']?.() ?? '', Object.fromEntries(started));
  fillSearchTemplate();
  await jest.advanceTimersByTimeAsync(0);
  return document.getElementById('prerendered');
}

ownClockPerTest();

test('hidden until filled: the frame does not show its slots while the answer is on its way', () => {
  servePage('/search/dust', signedIn['/search/:text']?.() ?? '', {
    '/post/search/dust?page=0': new Promise(() => {}),
  });
  fillSearchTemplate();
  const page = document.getElementById('prerendered')!;
  expect(page.firstElementChild!.hasAttribute('hidden')).toBe(true);
  expect(page.firstElementChild!.getAttribute('data-unfilled')).toBe('');
});

test("draws the first page of posts for the address's text, the text in the box and the results' name", async () => {
  const page = await served('/search/%20red%20dust', {
    '/post/search/%20red%20dust?page=0': { value: [post('a1'), post('b2')] },
  });
  expect(page).not.toBeNull();
  // Shown once filled: no frame with its slots unfilled ever shows.
  expect(page!.querySelector('[hidden]')).toBeNull();
  expect(page!.textContent).not.toMatch(/{\w}/);
  expect(page!.querySelector<HTMLInputElement>('input[type="search"]')!.value).toBe(' red dust');
  expect(page!.querySelector('[role="feed"]')!.getAttribute('aria-label')).toBe('Posts matching red dust');
  expect(page!.querySelector('section')!.getAttribute('aria-label')).toBe('Posts matching red dust');
  const cards = page!.querySelectorAll('[data-posts] > article');
  expect([...cards].map((card) => card.querySelector('p')?.textContent)).toEqual([
    'Dust storm a1',
    'Dust storm b2',
  ]);
  expect(page!.querySelector('[aria-pressed="true"]')!.textContent).toBe('Posts');
});

test('a text is text: slots or markup in it are drawn as typed', async () => {
  const typed = '<b>{c}</b>';
  const page = await served(`/search/${encodeURIComponent(typed)}`, {
    [`/post/search/${encodeURIComponent(typed)}?page=0`]: { value: [post('x1')] },
  });
  expect(page!.querySelector<HTMLInputElement>('input[type="search"]')!.value).toBe(typed);
  expect(page!.querySelector('b')).toBeNull();
  expect(page!.querySelector('[data-posts] p')!.textContent).toBe('Dust storm x1');
});

test('the Users choice, no answer for this text, or no posts: the markup goes', async () => {
  const answers = { '/post/search/dust?page=0': { value: [post('u1')] } };
  expect(await served('/search/dust?in=users', answers)).toBeNull();
  expect(await served('/search/other', answers)).toBeNull();
  expect(await served('/search/dust', { '/post/search/dust?page=0': { value: [] } })).toBeNull();
  expect(await served('/search/dust', answers)).not.toBeNull();
});

test('a search sent from the drawn box is not sent as a plain form: it is marked for the page', async () => {
  const page = await served('/search/dust', { '/post/search/dust?page=0': { value: [post('f1')] } });
  const form = page!.querySelector('form')!;
  const submit = new Event('submit', { cancelable: true });
  form.dispatchEvent(submit);
  expect(submit.defaultPrevented).toBe(true);
  expect(form.hasAttribute(SENT_ATTRIBUTE)).toBe(true);
});

test('its slots: the text as typed and trimmed; none for the Users choice, a blank or a broken text', () => {
  expect(searchSlots({ text: '%20mars%20' }, '')).toEqual({ q: ' mars ', Q: 'mars' });
  expect(searchSlots({ text: 'mars' }, '?in=users')).toBeNull();
  expect(searchSlots({ text: '%20' }, '')).toBeNull();
  expect(searchSlots({ text: '%E0%A4%A' }, '')).toBeNull();
});
