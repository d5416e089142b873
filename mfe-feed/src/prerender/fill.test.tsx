// The HTML's fill script (./fill.ts, which the build publishes as an inline script) on this remote's published
// template (./index.tsx): each filled card is the card PostCard draws for that post, a post's text stays text, and
// what it cannot draw the way the card would is left to the real page.
import { HEAD_START_GLOBAL, type Post } from '@skynet/contract';
import { ownClockPerTest } from '@skynet/kit/testing';
import { MemoryRouter } from '@skynet/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { PostCard } from '../components/PostCard';
import { fillSignedInTemplate } from './fill';
import { signedIn } from './index';

const post = (id: string, extra: Partial<Post> = {}): Post => ({
  _id: id,
  authorId: `author-${id}`,
  userName: `Writer ${id}`,
  avatarUrl: null,
  content: `Text of ${id}`,
  createdAt: '2026-11-20T18:30:00.000Z',
  location: { _id: 'p', planetId: 'p', latitude: 0, longitude: 0 },
  planetId: 'p',
  mentions: [],
  tags: [],
  parentPost: null,
  parentPreview: null,
  deleted: false,
  likeCount: 3,
  commentCount: 1,
  editedAt: null,
  contentWarning: null,
  ...extra,
});

/** The page as the server sends it for a visitor with a saved token, the head start's answer `body`. */
async function fill(body: unknown, { session = true } = {}) {
  document.documentElement.className = session ? 'has-session' : '';
  document.body.innerHTML = `<main id="areas"><div id="prerendered" data-signed-in="">${signedIn['/feed']?.()}</div></main>`;
  (window as unknown as Record<string, unknown>)[HEAD_START_GLOBAL] = {
    at: Date.now(),
    answers: { '/feed?page=1': Promise.resolve(body) },
  };
  fillSignedInTemplate();
  await jest.advanceTimersByTimeAsync(0);
  return document.getElementById('prerendered');
}

/** Inline styles compared as the browser reads them (React and the DOM write them differently). */
function normalised(root: Element): Element {
  for (const el of [root, ...root.querySelectorAll('[style]')]) {
    const style = (el as HTMLElement).style;
    if (style?.cssText !== undefined && el.hasAttribute('style')) el.setAttribute('style', style.cssText);
  }
  return root;
}

function realCard(p: Post): Element {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(
    <MemoryRouter>
      <PostCard post={p} interactive />
    </MemoryRouter>,
  );
  return normalised(box.firstElementChild!);
}

ownClockPerTest();

test('each filled card is the card PostCard draws for that post', async () => {
  const posts = [post('a1'), post('b2', { likeCount: 1, commentCount: 0, userName: 'émile' })];
  const page = await fill({ value: posts });
  const cards = page!.querySelectorAll('[data-posts] > article');
  expect(cards).toHaveLength(2);
  posts.forEach((p, i) => {
    expect(normalised(cards[i]!).outerHTML).toBe(realCard(p).outerHTML);
  });
});

test("a post's text is text: markup in it makes no element", async () => {
  const text = '<img src=x onerror=alert(1)>';
  const page = await fill({ value: [post('x1', { content: text, userName: '<b>bold</b>' })] });
  const card = page!.querySelector('[data-posts] > article')!;
  expect(card.querySelector('p')!.textContent).toBe(text);
  expect(card.querySelector('img')).toBeNull();
  expect(card.querySelector('b')).toBeNull();
  expect(card.textContent).toContain('<b>bold</b>');
});

test('draws the leading ordinary posts and leaves the rest to the real list', async () => {
  const page = await fill({
    value: [post('o1'), post('d2', { deleted: true }), post('o3')],
  });
  expect(page!.querySelectorAll('[data-posts] > article')).toHaveLength(1);
  const odd = await fill({ value: [post('r1', { parentPost: 'o1' }), post('o2')] });
  expect(odd).toBeNull(); // nothing to draw: the markup goes
  const badId = await fill({ value: [post('../x')] });
  expect(badId).toBeNull();
  // A picture: the real card draws it (the template has only the initial on a disc).
  const pictured = await fill({
    value: [post('p1'), post('p2', { avatarUrl: 'https://img.example/p2.png' })],
  });
  expect(pictured!.querySelectorAll('[data-posts] > article')).toHaveLength(1);
  // An edited post (issue 35): the real card draws its Edited mark.
  const edited = await fill({
    value: [post('e1'), post('e2', { editedAt: '2026-11-21T09:00:00.000Z' })],
  });
  expect(edited!.querySelectorAll('[data-posts] > article')).toHaveLength(1);
  // Behind a content warning, or with a web address (the real card draws the fold and the link).
  const warned = await fill({ value: [post('w1'), post('w2', { contentWarning: 'Spoilers' })] });
  expect(warned!.querySelectorAll('[data-posts] > article')).toHaveLength(1);
  const linked = await fill({ value: [post('k1'), post('k2', { content: 'See https://nasa.gov' })] });
  expect(linked!.querySelectorAll('[data-posts] > article')).toHaveLength(1);
  // With a mention or a tag (the real card draws their links).
  const mentioning = await fill({
    value: [post('m1'), post('m2', { content: 'Hi @ana', mentions: [{ _id: 'u', userName: 'ana' }] })],
  });
  expect(mentioning!.querySelectorAll('[data-posts] > article')).toHaveLength(1);
  const tagged = await fill({ value: [post('t1'), post('t2', { content: '#mars', tags: ['mars'] })] });
  expect(tagged!.querySelectorAll('[data-posts] > article')).toHaveLength(1);
});

test('no session, a refused answer or an empty page: the markup goes', async () => {
  expect(await fill({ value: [post('s1')] }, { session: false })).toBeNull();
  expect(await fill(null)).toBeNull();
  expect(await fill({ value: [] })).toBeNull();
  expect(await fill({ error: 'Unauthorized' })).toBeNull();
});

test('after the paint: the held-back calls, the parked preloads, then the scripts, once', async () => {
  const later = jest.fn();
  document.documentElement.className = 'has-session';
  document.body.innerHTML =
    `<main id="areas"><div id="prerendered" data-signed-in="">${signedIn['/feed']?.()}</div></main>` +
    '<link data-after-paint href="/remotes/mfe-feed/1.0.0/remoteEntry.js" as="script">' +
    '<script type="text/plain" data-after-paint="/main.abc.js"></script>';
  (window as unknown as Record<string, unknown>)[HEAD_START_GLOBAL] = {
    at: Date.now(),
    answers: { '/feed?page=1': Promise.resolve({ value: [post('p1')] }) },
    later,
  };
  fillSignedInTemplate();
  await jest.advanceTimersByTimeAsync(0);
  // Filled, and nothing started before the paint.
  expect(document.querySelectorAll('[data-posts] > article')).toHaveLength(1);
  expect(later).not.toHaveBeenCalled();
  expect(document.querySelector('script[src]')).toBeNull();
  await jest.advanceTimersByTimeAsync(50); // a frame, then the task after it
  expect(later).toHaveBeenCalledTimes(1);
  expect(document.querySelector('link[data-after-paint]')?.getAttribute('rel')).toBe('preload');
  expect([...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'))).toEqual([
    '/main.abc.js',
  ]);
});

test('where the browser times elements, the page starts once the filled posts are on screen, not at the next frame', async () => {
  const observed: { type?: string; entries: () => void }[] = [];
  class TimingObserver {
    static supportedEntryTypes = ['element', 'paint'];
    constructor(private readonly callback: () => void) {}
    observe({ type }: { type: string }) {
      observed.push({ type, entries: this.callback });
    }
  }
  const real = window.PerformanceObserver;
  window.PerformanceObserver = TimingObserver as unknown as typeof PerformanceObserver;
  try {
    const later = jest.fn();
    document.documentElement.className = 'has-session';
    document.body.innerHTML = `<main id="areas"><div id="prerendered" data-signed-in="">${signedIn['/feed']?.()}</div></main>`;
    (window as unknown as Record<string, unknown>)[HEAD_START_GLOBAL] = {
      at: Date.now(),
      answers: { '/feed?page=1': Promise.resolve({ value: [post('p1')] }) },
      later,
    };
    fillSignedInTemplate();
    await jest.advanceTimersByTimeAsync(50); // a frame and the task after it: the posts are painted, not yet shown
    expect(document.querySelector('[data-posts] > article p')?.getAttribute('elementtiming')).toBe('fill');
    expect(observed.map((o) => o.type)).toEqual(['element']);
    expect(later).not.toHaveBeenCalled();
    observed[0]?.entries(); // the browser reports a marked element presented
    expect(later).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1000); // the fallback does not start it twice
    expect(later).toHaveBeenCalledTimes(1);
  } finally {
    window.PerformanceObserver = real;
  }
});
