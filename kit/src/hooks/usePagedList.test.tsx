import { act, render, screen } from '@testing-library/react';
import { deferred } from '../testing';
import { END_OF_LIST_TEXT, EndOfList } from '../ui/Loader';
import { isNearBottom, usePagedList } from './usePagedList';

interface Item {
  _id: string;
}

/** `newer`: buttons put it on top ('on top') or start over from it ('start over'). */
function List({
  fetchPage,
  first,
  newer = [],
}: {
  fetchPage: (page: number) => Promise<Item[]>;
  first: 0 | 1;
  newer?: Item[];
}) {
  const list = usePagedList(fetchPage, first);
  return (
    <div>
      <ul
        ref={(el) => {
          list.listRef.current = el;
        }}
      >
        {list.items.map((item) => (
          <li key={item._id}>{item._id}</li>
        ))}
      </ul>
      {list.loading && <p>Loading</p>}
      {list.done && <EndOfList />}
      <button type="button" onClick={list.loadMore}>
        more
      </button>
      <button type="button" onClick={() => list.prepend(newer)}>
        on top
      </button>
      <button type="button" onClick={() => list.prepend(newer, true)}>
        start over
      </button>
    </div>
  );
}

const page = (n: number, size = 3) => Array.from({ length: size }, (_, i) => ({ _id: `p${n}-${i}` }));
const shown = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

/** Lets pending promises settle and the interval fire. */
async function tick(ms = 1000) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}

function placeList(rect: { top: number; height: number }) {
  jest
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockImplementation(
      () => ({ top: rect.top, bottom: rect.top + rect.height, height: rect.height }) as DOMRect,
    );
}

beforeEach(() => {
  jest.useFakeTimers();
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('isNearBottom', () => {
  it('is true when the bottom is within a quarter of the list height below the viewport', () => {
    expect(isNearBottom({ bottom: 1000, height: 800 }, 800)).toBe(true); // 200 <= 200
    expect(isNearBottom({ bottom: 1001, height: 800 }, 800)).toBe(false);
    expect(isNearBottom({ bottom: 300, height: 300 }, 800)).toBe(true); // already on screen
  });
});

describe('usePagedList', () => {
  it('numbers galaxy/planet pages from 1 and ends on the first empty page', async () => {
    const fetchPage = jest.fn(async (n: number) => (n <= 2 ? page(n) : []));
    render(<List fetchPage={fetchPage} first={1} />);
    for (let i = 0; i < 4; i++) await tick();
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2, 3]);
    expect(shown()).toEqual([...page(1), ...page(2)].map((p) => p._id));
    expect(screen.getByText(END_OF_LIST_TEXT)).toBeInTheDocument();
    await tick(5000);
    expect(fetchPage).toHaveBeenCalledTimes(3); // finished: no more requests
  });

  it('numbers the other lists from 0', async () => {
    const fetchPage = jest.fn(async (n: number) => (n === 0 ? page(0) : []));
    render(<List fetchPage={fetchPage} first={0} />);
    for (let i = 0; i < 3; i++) await tick();
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([0, 1]);
    expect(shown()).toEqual(page(0).map((p) => p._id));
    expect(screen.getByText(END_OF_LIST_TEXT)).toBeInTheDocument();
  });

  it('ends the list when a page fails, keeping what it had', async () => {
    const fetchPage = jest.fn(async (n: number) => {
      if (n === 0) return page(0);
      throw new Error('500');
    });
    render(<List fetchPage={fetchPage} first={0} />);
    for (let i = 0; i < 3; i++) await tick();
    expect(shown()).toHaveLength(3);
    expect(screen.getByText(END_OF_LIST_TEXT)).toBeInTheDocument();
    await tick(3000);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('never asks for a page while one is in flight', async () => {
    const pending = deferred<Item[]>();
    const fetchPage = jest.fn((n: number) => (n === 1 ? pending.promise : Promise.resolve([])));
    render(<List fetchPage={fetchPage} first={1} />);
    await tick(5000);
    act(() => screen.getByRole('button', { name: 'more' }).click());
    act(() => screen.getByRole('button', { name: 'more' }).click());
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => pending.resolve(page(1)));
    expect(shown()).toHaveLength(3);
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2]);
  });

  it('waits while the bottom is far below the viewport and loads once it comes within a quarter', async () => {
    // Each item is 1000 px tall; the viewport is 800 px. Page 1 makes the list 3000 px tall from the top:
    // its bottom is 2200 px below the viewport, more than a quarter (750 px), so no second page yet.
    const scroll = { top: 0 };
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const height = this.querySelectorAll('li').length * 1000;
      return { top: scroll.top, bottom: scroll.top + height, height } as DOMRect;
    });
    const fetchPage = jest.fn(async (n: number) => page(n));
    render(<List fetchPage={fetchPage} first={1} />);
    await tick(3000);
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1]);
    // Scrolled 2000 px: the bottom is now 200 px below the viewport, within 3000 / 4.
    scroll.top = -2000;
    await tick(999);
    expect(fetchPage).toHaveBeenCalledTimes(1); // checked every 1000 ms, not continuously
    await tick(1);
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2]);
    // Page 2 doubled the list: far from the bottom again, so it stops there.
    await tick(3000);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(shown()).toHaveLength(6);
  });

  it('fills a short screen at once: the next page follows right after a page renders', async () => {
    placeList({ top: 0, height: 300 });
    const fetchPage = jest.fn(async (n: number) => (n < 3 ? page(n) : []));
    render(<List fetchPage={fetchPage} first={0} />);
    // No interval tick: only promise settling.
    for (let i = 0; i < 5; i++) await act(async () => Promise.resolve());
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([0, 1, 2, 3]);
    expect(screen.getByText(END_OF_LIST_TEXT)).toBeInTheDocument();
  });

  it('asks for no next page while the list is hidden (the HTML template stands in for it), and does once it shows', async () => {
    // jsdom lays nothing out: every box is zero-size at the top, "near the bottom". Chromium's checkVisibility()
    // says whether the list is rendered at all.
    let visible = false;
    Object.defineProperty(HTMLElement.prototype, 'checkVisibility', {
      value: () => visible,
      configurable: true,
    });
    try {
      const fetchPage = jest.fn(async (n: number) => (n <= 2 ? page(n) : []));
      render(<List fetchPage={fetchPage} first={1} />);
      await tick(3000);
      expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1]);
      expect(shown()).toHaveLength(3);
      visible = true;
      for (let i = 0; i < 3; i++) await tick(1000);
      expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2, 3]);
      expect(shown()).toHaveLength(6);
    } finally {
      delete (HTMLElement.prototype as { checkVisibility?: unknown }).checkVisibility;
    }
  });

  it('shows a post once when it reappears on the next page', async () => {
    const fetchPage = jest.fn(async (n: number) =>
      n === 0 ? [{ _id: 'a' }, { _id: 'b' }] : n === 1 ? [{ _id: 'b' }, { _id: 'c' }] : [],
    );
    render(<List fetchPage={fetchPage} first={0} />);
    for (let i = 0; i < 4; i++) await tick();
    expect(shown()).toEqual(['a', 'b', 'c']);
  });
});

describe('usePagedList prepend (live feeds)', () => {
  it('puts newer items on top, once, and keeps paging where it was', async () => {
    placeList({ top: 0, height: 5000 }); // far from the bottom: no automatic paging
    const fetchPage = jest.fn(async (n: number) => page(n));
    render(
      <List fetchPage={fetchPage} first={1} newer={[{ _id: 'new2' }, { _id: 'new1' }, { _id: 'p1-0' }]} />,
    );
    await tick();
    expect(shown()).toEqual(['p1-0', 'p1-1', 'p1-2']);
    act(() => screen.getByRole('button', { name: 'on top' }).click());
    // p1-0 was shown already: it is not repeated.
    expect(shown()).toEqual(['new2', 'new1', 'p1-0', 'p1-1', 'p1-2']);
    act(() => screen.getByRole('button', { name: 'on top' }).click());
    expect(shown()).toHaveLength(5);
    act(() => screen.getByRole('button', { name: 'more' }).click());
    await tick();
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2]);
    expect(shown()).toHaveLength(8);
  });

  it('starts over from a fresh first page that does not reach the shown items, paging on from page 2', async () => {
    placeList({ top: 0, height: 5000 });
    const fetchPage = jest.fn(async (n: number) => page(n));
    render(<List fetchPage={fetchPage} first={1} newer={[{ _id: 'a' }, { _id: 'b' }]} />);
    await tick();
    act(() => screen.getByRole('button', { name: 'more' }).click());
    await tick();
    expect(shown()).toHaveLength(6);
    act(() => screen.getByRole('button', { name: 'start over' }).click());
    expect(shown()).toEqual(['a', 'b']);
    act(() => screen.getByRole('button', { name: 'more' }).click());
    await tick();
    expect(fetchPage.mock.calls.map(([n]) => n)).toEqual([1, 2, 2]);
    expect(shown()).toEqual(['a', 'b', ...page(2).map((p) => p._id)]);
  });
});
