import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { type TextReferences, withLinks } from './links';

const show = (text: string) => render(<p data-testid="text">{withLinks(text)}</p>);

test('web addresses become links that open safely; the text around them stays as written', () => {
  show('See https://nasa.gov/artemis. And http://example.org/a?b=1&c=2, too!');
  const links = screen.getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    'https://nasa.gov/artemis',
    'http://example.org/a?b=1&c=2',
  ]);
  for (const link of links) {
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  }
  expect(screen.getByTestId('text')).toHaveTextContent(
    'See https://nasa.gov/artemis. And http://example.org/a?b=1&c=2, too!',
  );
});

test('no other scheme becomes a link, and markup in a post stays text', () => {
  show('javascript:alert(1) data:text/html,x ftp://x.org <a href="https://evil.example">x</a> www.nasa.gov');
  expect(screen.queryAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    'https://evil.example',
  ]);
  expect(screen.getByTestId('text').querySelectorAll('a')).toHaveLength(1);
  expect(screen.getByTestId('text')).toHaveTextContent('<a href="https://evil.example">x</a>');
});

test('text without an address is returned as it is', () => {
  expect(withLinks('Just words about Mars')).toBe('Just words about Mars');
});

const showWith = (text: string, references: TextReferences) =>
  render(
    <MemoryRouter>
      <p data-testid="text">{withLinks(text, undefined, references)}</p>
    </MemoryRouter>,
  );

test('the people and tags the server found are links to the profile and the tag; the text stays as written', () => {
  showWith('Hi @Ana_Li and @nobody_here, #Mars rocks: https://x.org/#mars, mail ana@x.org.', {
    mentions: [{ _id: 'u1', userName: 'ana_li' }],
    tags: ['mars'],
  });
  const links = screen.getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['@Ana_Li', '/user/u1'],
    ['#Mars', '/tag/mars'],
    ['https://x.org/#mars', 'https://x.org/#mars'],
  ]);
  expect(screen.getByTestId('text')).toHaveTextContent(
    'Hi @Ana_Li and @nobody_here, #Mars rocks: https://x.org/#mars, mail ana@x.org.',
  );
});

test('a tag the server did not take (over its cap) stays text', () => {
  showWith('#one #two', { mentions: [], tags: ['one'] });
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['#one']);
});
