import type { Planet } from '@skynet/contract';
import { render, screen } from '@testing-library/react';
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
      ['🏠 MarsHome›', '/feed/mars/p-mars'],
    ]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
