import { render, screen } from '@testing-library/react';
import { withLinks } from './links';

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
