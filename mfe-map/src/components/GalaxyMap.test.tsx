import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { BUILT_IN_PLANETS } from '../map/scene';
import { GalaxyMap } from './GalaxyMap';

const planets = BUILT_IN_PLANETS.slice(0, 3);

function renderMap() {
  render(
    <MemoryRouter>
      <GalaxyMap planets={planets} homePlanetId="earth" />
    </MemoryRouter>,
  );
  return screen.getByRole('application', { name: 'Galaxy map' });
}

const readout = () => screen.getByRole('region', { name: 'Coordinates and zoom' }).textContent;

describe('GalaxyMap', () => {
  it('starts at the origin with Recenter disabled, and shows the readout', () => {
    renderMap();
    expect(readout()).toMatch(/X\s*0\s*Y\s*0\s*Zoom\s*\d+\.\d\d×/);
    expect(screen.getByRole('button', { name: /recenter/i })).toBeDisabled();
  });

  it('pans with the arrow keys and recenters', async () => {
    const user = userEvent.setup();
    const map = renderMap();
    map.focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(readout()).not.toMatch(/X\s*0\s*Y\s*0/);
    const recenter = screen.getByRole('button', { name: /recenter/i });
    expect(recenter).toBeEnabled();
    await user.click(recenter);
    expect(readout()).toMatch(/X\s*0\s*Y\s*0/);
    expect(recenter).toBeDisabled();
  });

  it('zooms with + and - and the zoom buttons', async () => {
    const user = userEvent.setup();
    const map = renderMap();
    const zoom = () => Number(/Zoom\s*([\d.]+)/.exec(readout() ?? '')?.[1]);
    const start = zoom();
    map.focus();
    await user.keyboard('+');
    expect(zoom()).toBeGreaterThan(start);
    await user.keyboard('--');
    expect(zoom()).toBeLessThan(start);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom()).toBeCloseTo(start, 1);
  });

  it('zooms with the wheel', () => {
    const map = renderMap();
    const zoom = () => Number(/Zoom\s*([\d.]+)/.exec(readout() ?? '')?.[1]);
    const start = zoom();
    fireEvent.wheel(map, { deltaY: -200, clientX: 400, clientY: 300 });
    expect(zoom()).toBeCloseTo(start * 1.2, 1);
  });

  it('previews a planet on hover and expands it with a feed link on click', async () => {
    const user = userEvent.setup();
    renderMap();
    const earth = screen.getByRole('button', { name: 'Earth, your home planet' });
    expect(screen.queryByText('Earth')).not.toBeInTheDocument();
    await user.hover(earth);
    expect(screen.getByText('Earth')).toBeInTheDocument();
    expect(earth).toHaveAttribute('aria-expanded', 'false');
    await user.click(earth);
    expect(earth).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /open the earth feed/i })).toHaveAttribute(
      'href',
      '/feed/earth/earth',
    );
    expect(screen.getByText('Your home planet')).toBeInTheDocument();
    await user.unhover(earth);
    expect(screen.getByRole('link', { name: /open the earth feed/i })).toBeInTheDocument();
  });

  it('previews on the first tap and expands on the second', async () => {
    const user = userEvent.setup();
    renderMap();
    const venus = screen.getByRole('button', { name: 'Venus' });
    await user.pointer({ keys: '[TouchA]', target: venus });
    expect(screen.getByText('Venus')).toBeInTheDocument();
    expect(venus).toHaveAttribute('aria-expanded', 'false');
    await user.pointer({ keys: '[TouchA]', target: venus });
    expect(venus).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /open the venus feed/i })).toHaveAttribute(
      'href',
      '/feed/venus/venus',
    );
  });

  it('previews on keyboard focus and expands with Enter', async () => {
    const user = userEvent.setup();
    renderMap();
    await user.tab(); // the map
    await user.tab(); // Mercury
    const mercury = screen.getByRole('button', { name: 'Mercury' });
    expect(mercury).toHaveFocus();
    expect(screen.getByText('Mercury')).toBeInTheDocument();
    expect(mercury).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(mercury).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /open the mercury feed/i })).toBeInTheDocument();
  });

  it("names every planet under it without hovering, and the preview label takes the name's place", async () => {
    const user = userEvent.setup();
    renderMap();
    const tags = () =>
      [...document.querySelectorAll<HTMLElement>('[data-name]')].map((tag) => tag.dataset.name);
    expect(tags()).toEqual(['Mercury', 'Venus', 'Earth']);
    // Drawn, not a second name for screen readers (the button has it) nor a target for taps.
    expect(document.querySelector('[data-name]')?.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.hover(screen.getByRole('button', { name: 'Venus' }));
    expect(screen.getByText('Venus')).toBeInTheDocument();
    expect(tags()).toEqual(['Mercury', 'Earth']);
  });

  describe('the first-visit hint', () => {
    beforeEach(() => window.localStorage.clear());

    it('invites a first tap, goes after it, and is not shown again', async () => {
      const user = userEvent.setup();
      renderMap();
      expect(screen.getByText('Tap a planet to preview it')).toBeVisible();
      await user.hover(screen.getByRole('button', { name: 'Venus' }));
      expect(screen.getByText('Tap a planet to preview it')).toBeInTheDocument(); // a hover is not a tap
      await user.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'Venus' }) });
      expect(screen.queryByText('Tap a planet to preview it')).not.toBeInTheDocument();
      cleanup();
      renderMap();
      expect(screen.queryByText('Tap a planet to preview it')).not.toBeInTheDocument();
    });
  });

  describe('the easter egg', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it("sends 10 sprites for 15 seconds when 'emergency' is typed", async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderMap();
      expect(screen.queryByTestId('easter-egg')).not.toBeInTheDocument();
      await user.keyboard('emergency');
      const layer = screen.getByTestId('easter-egg');
      expect(layer.children).toHaveLength(10);
      act(() => jest.advanceTimersByTime(14_900));
      expect(screen.getByTestId('easter-egg')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByTestId('easter-egg')).not.toBeInTheDocument();
    });

    it('starts after 20 clicks on the map', () => {
      const map = renderMap();
      for (let i = 0; i < 19; i += 1) fireEvent.click(map);
      expect(screen.queryByTestId('easter-egg')).not.toBeInTheDocument();
      fireEvent.click(map);
      expect(screen.getByTestId('easter-egg').children).toHaveLength(10);
    });
  });
});
