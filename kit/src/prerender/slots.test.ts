import { withSlots } from './slots';

describe('withSlots', () => {
  it('puts each slot where its placeholder was and drops the placeholder pictures’ preloads', () => {
    const markup = '<link rel="preload" as="image" href="/p.png"/><p>Text</p><time>Feb 3</time>';
    expect(
      withSlots(
        markup,
        [
          [/>Text</g, '>{c}<', 1],
          [/>[^<>]*<\/time>/g, '>{d}</time>', 1],
        ],
        'card',
      ),
    ).toBe('<p>{c}</p><time>{d}</time>');
  });

  it('fails the build when a placeholder is found more or less often than said', () => {
    expect(() => withSlots('<p>Text</p><p>Text</p>', [[/Text/g, '{c}', 1]], 'card')).toThrow(
      'prerender: /Text/g found 2 times in the card, not 1',
    );
    expect(() => withSlots('<p></p>', [[/Text/g, '{c}', 1]], 'post')).toThrow('found 0 times in the post');
  });
});
