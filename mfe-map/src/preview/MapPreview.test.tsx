import { planetApi } from '@skynet/kit';
import { render, screen } from '@testing-library/react';
import MapPreview from './MapPreview';

describe('MapPreview', () => {
  it('paints the sun, orbits and planets at once, without asking the API', () => {
    const list = jest.spyOn(planetApi, 'list');
    const { container } = render(<MapPreview />);
    expect(screen.getByRole('img', { name: /preview of the skynet galaxy map/i })).toBeInTheDocument();
    expect(container.querySelectorAll('circle').length).toBeGreaterThan(200); // 200 stars + sun + orbits
    expect(container.querySelector('button, a, [tabindex]')).toBeNull();
    expect(list).not.toHaveBeenCalled();
  });
});
