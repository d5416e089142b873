import { mentionsAndTags, normalizeTag, splitMentionsAndTags } from './mentions.js';

describe('mentions and tags', () => {
  it('finds @names and #tags, each once, in order, tags lowercase', () => {
    expect(mentionsAndTags('Hi @alice and @Bob_2! #Mars #mars #Space_X, @ALICE again.')).toEqual({
      names: ['alice', 'Bob_2'],
      tags: ['mars', 'space_x'],
    });
  });

  it('leaves a sentence-ending dot or dash out of a name, keeps inner ones', () => {
    expect(mentionsAndTags('Thanks @jean.luc. And @ann-marie-').names).toEqual(['jean.luc', 'ann-marie']);
  });

  it('takes names of 3 to 30 characters only', () => {
    expect(mentionsAndTags(`@ab @abc @${'x'.repeat(30)} @${'y'.repeat(31)}`).names).toEqual([
      'abc',
      'x'.repeat(30),
    ]);
  });

  it('reads no mention in an e-mail address and no tag after a letter, digit or &', () => {
    expect(mentionsAndTags('mail me at alice@example.org, a#b 1#2 &#39; c&#x27;')).toEqual({
      names: [],
      tags: [],
    });
  });

  it('reads nothing inside a web address', () => {
    expect(mentionsAndTags('See https://x.org/#top and http://m.social/@alice/1#c #real')).toEqual({
      names: [],
      tags: ['real'],
    });
  });

  it('takes Unicode letters in tags, 1 to 50 characters', () => {
    expect(mentionsAndTags(`#Été #火星 #a #${'z'.repeat(50)} #${'w'.repeat(51)}`).tags).toEqual([
      'été',
      '火星',
      'a',
      'z'.repeat(50),
    ]);
  });

  it('takes at most 10 names and 10 tags', () => {
    const text = Array.from({ length: 12 }, (_, i) => `@user${i} #tag${i}`).join(' ');
    const found = mentionsAndTags(text);
    expect(found.names).toHaveLength(10);
    expect(found.tags).toHaveLength(10);
    expect(found.names[9]).toBe('user9');
    expect(found.tags[9]).toBe('tag9');
  });

  it('splits text into parts that join back into the text', () => {
    const text = 'Hey @alice. Look: #Mars! mail bob@x.org or https://x.org/#a';
    const parts = splitMentionsAndTags(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Hey ', value: 'Hey ' },
      { kind: 'mention', text: '@alice', value: 'alice' },
      { kind: 'text', text: '. Look: ', value: '. Look: ' },
      { kind: 'tag', text: '#Mars', value: 'mars' },
      {
        kind: 'text',
        text: '! mail bob@x.org or https://x.org/#a',
        value: '! mail bob@x.org or https://x.org/#a',
      },
    ]);
    expect(splitMentionsAndTags('')).toEqual([]);
  });

  it('normalizes a tag as typed or refuses it', () => {
    expect(normalizeTag('#Mars')).toBe('mars');
    expect(normalizeTag('%23Mars')).toBe('mars');
    expect(normalizeTag('été')).toBe('été');
    expect(normalizeTag('')).toBeNull();
    expect(normalizeTag('#')).toBeNull();
    expect(normalizeTag('a-b')).toBeNull();
    expect(normalizeTag('x'.repeat(51))).toBeNull();
  });
});
