import type { Planet } from '@skynet/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import HomeListPage from './HomeListPage';

const list = jest.fn<Promise<Planet[]>, []>();

jest.mock('@skynet/shared', () => ({
  ...jest.requireActual('@skynet/shared'),
  useSession: () => ({
    status: 'signed-in',
    token: 't',
    user: { _id: 'u1', location: { planetId: 'p-mars' } },
  }),
}));
jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  planetApi: { list: () => list() },
}));

const planet = (id: string, name: string, orbitRadius: number): Planet => ({
  _id: id,
  name,
  visual: { radius: 10, orbitRadius, orbitDuration: 300, imageUrl: `/api/planets/images/${id}.svg` },
});

describe('HomeListPage', () => {
  it('shows a loader while the list is empty', async () => {
    list.mockReturnValue(new Promise(() => {}));
    render(
      <MemoryRouter>
        <HomeListPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Choose your planet' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(document.title).toMatch(/^Choose your planet/);
  });

  it('lists the Galactic Feed and every planet by orbit, the home planet with a house', async () => {
    list.mockResolvedValue([planet('p-mars', 'Mars', 220), planet('p-earth', 'Earth', 175)]);
    render(
      <MemoryRouter>
        <HomeListPage />
      </MemoryRouter>,
    );
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Galactic Feed›', '/feed'],
      ['Earth›', '/feed/earth/p-earth'],
      [' MarsHome›', '/feed/mars/p-mars'],
    ]);
    // The house is drawn (an emoji showed as an empty box without a colour-emoji font) and named for a reader.
    const mars = screen.getByRole('link', { name: /^House Mars Home/ });
    expect(within(mars).getByRole('img', { name: 'House' }).tagName).toBe('svg');
    expect(screen.getByRole('link', { name: /^Earth/ }).querySelector('svg')).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("keeps the HTML's drawing until it has the list to show, then takes its place", async () => {
    let answer: (planets: Planet[]) => void = () => {};
    list.mockReturnValue(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    const drawing = document.createElement('div');
    drawing.id = 'prerendered';
    document.body.appendChild(drawing);
    render(
      <MemoryRouter>
        <HomeListPage />
      </MemoryRouter>,
    );
    expect(document.getElementById('prerendered')).not.toBeNull();
    answer([planet('p-earth', 'Earth', 175)]);
    expect(await screen.findByRole('link', { name: /^Earth/ })).toBeInTheDocument();
    expect(document.getElementById('prerendered')).toBeNull();
  });
});
