// The product-wide keyboard shortcuts (issue 22): n, /, g h, g n, g m and the ? dialog; never while typing in a
// field or with a modifier key held.
import { renderAt } from '@skynet/kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { KeyboardShortcuts } from './KeyboardShortcuts';
import { SEQUENCE_MS, shortcutHandler } from './shortcuts';

function SearchPage() {
  return <input type="search" aria-label="Search" />;
}

function page(url = '/home') {
  renderAt(
    <>
      <KeyboardShortcuts />
      {/* The desktop side column's box, outside the areas: '/' never focuses it. */}
      <input type="search" aria-label="Search Skynet" />
      <main id="areas">
        <Routes>
          <Route path="/search" element={<SearchPage />} />
          <Route
            path="*"
            element={
              <>
                <button type="button">Somewhere</button>
                <input aria-label="A field" />
                <textarea aria-label="A text area" />
                <select aria-label="A choice">
                  <option>n</option>
                </select>
                {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor is what this stands for. */}
                <div
                  contentEditable
                  role="textbox"
                  aria-label="Rich text"
                  tabIndex={0}
                  suppressContentEditableWarning
                />
              </>
            }
          />
        </Routes>
      </main>
    </>,
    { url },
  );
}

const where = () => screen.getByTestId('location');

describe('KeyboardShortcuts', () => {
  it('letters stand aside while an area that reads typed words itself is shown (the galaxy map); / does not', async () => {
    page('/home');
    const map = document.createElement('div');
    map.setAttribute('data-keyboard-owner', '');
    document.body.append(map);
    try {
      await userEvent.keyboard('emergency');
      expect(where()).toHaveTextContent('/home');
      await userEvent.keyboard('n');
      expect(where()).toHaveTextContent('/home');
      // Not a letter: no part of a typed word, so the shortcut acts.
      await userEvent.keyboard('/');
      expect(where()).toHaveTextContent('/search');
    } finally {
      map.remove();
    }
    await userEvent.keyboard('n');
    expect(where()).toHaveTextContent('/post');
  });

  it("on an area that names its word (the map's 'emergency'), only the letters spelling it stand aside (issue 35)", async () => {
    page('/home');
    const map = document.createElement('div');
    map.setAttribute('data-keyboard-owner', 'emergency');
    document.body.append(map);
    try {
      // The word, with its g and n, goes to the map: nothing navigates.
      await userEvent.keyboard('emergency');
      expect(where()).toHaveTextContent('/home');
      // Then the shortcuts the list promises work on that page too.
      await userEvent.keyboard('gn');
      expect(where()).toHaveTextContent('/notifications');
      await userEvent.keyboard('n');
      expect(where()).toHaveTextContent('/post');
    } finally {
      map.remove();
    }
  });

  it('n opens the composer, g h home, g n notifications, g m messages', async () => {
    page('/feed');
    await userEvent.keyboard('n');
    expect(where()).toHaveTextContent('/post');
    await userEvent.keyboard('gn');
    expect(where()).toHaveTextContent('/notifications');
    await userEvent.keyboard('gm');
    expect(where()).toHaveTextContent('/messages');
    await userEvent.keyboard('gh');
    expect(where()).toHaveTextContent('/home');
  });

  it('/ goes to the search page and focuses its box', async () => {
    page('/home');
    await userEvent.keyboard('/');
    expect(where()).toHaveTextContent('/search');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await waitFor(() => expect(box).toHaveFocus());
    // The slash is not typed into the box it focused.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('does nothing while typing in a field, or with Ctrl, Alt or Meta held', async () => {
    page('/feed');
    for (const name of ['A field', 'A text area']) {
      const field = screen.getByRole('textbox', { name });
      await userEvent.click(field);
      await userEvent.keyboard('n/gh?');
      expect(field).toHaveValue('n/gh?');
    }
    const choice = screen.getByRole('combobox', { name: 'A choice' });
    choice.focus();
    fireEvent.keyDown(choice, { key: 'n' });
    const rich = screen.getByRole('textbox', { name: 'Rich text' });
    // jsdom has no isContentEditable: what a browser answers for a contenteditable element.
    Object.defineProperty(rich, 'isContentEditable', { value: true });
    fireEvent.keyDown(rich, { key: 'n' });
    fireEvent.keyDown(rich, { key: '?' });
    const body = document.body;
    fireEvent.keyDown(body, { key: 'n', ctrlKey: true });
    fireEvent.keyDown(body, { key: 'n', metaKey: true });
    fireEvent.keyDown(body, { key: '/', altKey: true });
    expect(where()).toHaveTextContent(/^\/feed$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('? opens a labelled dialog listing every shortcut; Escape closes it and focus goes back', async () => {
    page('/feed');
    const opener = screen.getByRole('button', { name: 'Somewhere' });
    opener.focus();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const action of [
      'New post',
      'Search',
      'Next post',
      'Previous post',
      'Like the focused post',
      'Save the focused post',
      'Open the focused post',
      'Home',
      'Notifications',
      'Messages',
      'This list of shortcuts',
    ])
      expect(within(dialog).getByText(action)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    // Keys inside the dialog are not shortcuts.
    await userEvent.keyboard('n');
    expect(where()).toHaveTextContent(/^\/feed$/);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('shortcutHandler', () => {
  it('lets a g sequence lapse after SEQUENCE_MS, and a key other than h, n or m ends it', () => {
    let now = 0;
    const actions = { navigate: jest.fn(), search: jest.fn(), help: jest.fn() };
    const onKey = shortcutHandler(actions, () => now);
    const press = (key: string) => act(() => onKey(new KeyboardEvent('keydown', { key, cancelable: true })));
    press('g');
    now += SEQUENCE_MS + 1;
    press('h');
    expect(actions.navigate).not.toHaveBeenCalled();
    press('g');
    press('x');
    press('h');
    expect(actions.navigate).not.toHaveBeenCalled();
    press('g');
    now += SEQUENCE_MS;
    press('h');
    expect(actions.navigate).toHaveBeenCalledWith('/home');
    // Without g first, n is the composer (not notifications).
    press('n');
    expect(actions.navigate).toHaveBeenLastCalledWith('/post');
  });

  it('times a sequence by when its keys were pressed, however late a busy page handles them', async () => {
    const actions = { navigate: jest.fn(), search: jest.fn(), help: jest.fn() };
    const onKey = shortcutHandler(actions);
    const pressedAt = (key: string, timeStamp: number) => {
      const event = new KeyboardEvent('keydown', { key, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: timeStamp });
      return event;
    };
    const g = pressedAt('g', 1000);
    const m = pressedAt('m', 1100);
    act(() => onKey(g));
    // The page is busy for longer than SEQUENCE_MS before it gets to the second key.
    await new Promise((resolve) => setTimeout(resolve, SEQUENCE_MS + 100));
    act(() => onKey(m));
    expect(actions.navigate).toHaveBeenCalledWith('/messages');
    // Pressed too far apart, handled at once: no sequence.
    act(() => onKey(pressedAt('g', 5000)));
    act(() => onKey(pressedAt('h', 5000 + SEQUENCE_MS + 1)));
    expect(actions.navigate).toHaveBeenCalledTimes(1);
  });
});
