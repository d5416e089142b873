// `/post/:id`'s drawing (./index.tsx) and its fill (./post-fill.ts): the post's card, dated as the page's expanded
// card dates it, with the comment form waiting; not drawn when the page would show it otherwise.

import { makePost, ownClockPerTest, servePage } from '@skynet/kit/testing';
import { signedIn } from './index';
import { fillPostTemplate } from './post-fill';

const VIEWER = { _id: 'viewer-1', userName: 'ada', admin: false };

function serve(address: string, answers: Record<string, unknown>) {
  servePage(
    address,
    signedIn['/post/:id']?.() ?? '',
    Object.fromEntries(Object.entries(answers).map(([call, body]) => [call, Promise.resolve(body)])),
  );
  fillPostTemplate();
  return () => document.getElementById('prerendered');
}

const post = (overrides: Parameters<typeof makePost>[0] = {}) =>
  makePost({
    _id: 'p1',
    authorId: 'author-1',
    userName: 'grace',
    content: 'Twin suns <b>rising</b>',
    createdAt: '2026-03-04T15:07:00.000Z',
    likeCount: 1,
    commentCount: 2,
    ...overrides,
  });

ownClockPerTest();

test("someone else's post: its card dated as the page dates it, the form and the heading, nothing to lose", async () => {
  const page = serve('/post/p1', { '/user': { value: VIEWER }, '/post/p1': { value: post() } });
  await jest.advanceTimersByTimeAsync(0);
  const drawn = page()!;
  expect(drawn.querySelector('[hidden]')).toBeNull();
  expect(drawn.querySelector('h1')!.textContent).toBe('Post');
  expect(drawn.querySelector('article p')!.textContent).toBe('Twin suns <b>rising</b>');
  expect(drawn.querySelector('article b')).toBeNull();
  expect(drawn.querySelector('#post-p1-author')!.textContent).toBe('grace');
  const time = drawn.querySelector('time')!;
  expect(time.getAttribute('datetime')).toBe('2026-03-04T15:07:00.000Z');
  expect(time.textContent).toBe(
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2026-03-04T15:07:00.000Z')),
  );
  expect(drawn.querySelector('[aria-label="2 comments"]')).not.toBeNull();
  expect(drawn.querySelector('h2')!.textContent).toBe('Comments');
  expect(drawn.querySelector('textarea')!.disabled).toBe(true);
  expect([...drawn.querySelectorAll('button')].every((button) => button.disabled)).toBe(true);
});

test.each([
  ['your own post', { '/user': { value: { ...VIEWER, _id: 'author-1' } }, '/post/p1': { value: post() } }],
  ['an administrator', { '/user': { value: { ...VIEWER, admin: true } }, '/post/p1': { value: post() } }],
  ['a reply', { '/user': { value: VIEWER }, '/post/p1': { value: post({ parentPost: 'p0' }) } }],
  ['a deleted post', { '/user': { value: VIEWER }, '/post/p1': { value: post({ deleted: true }) } }],
  ['a failed answer', { '/user': { value: VIEWER }, '/post/p1': null }],
  ['no answer', { '/user': { value: VIEWER } }],
])('not drawn for %s: the markup goes', async (_, answers) => {
  const page = serve('/post/p1', answers);
  await jest.advanceTimersByTimeAsync(0);
  expect(page()).toBeNull();
});
