import {
  createClickCounter,
  createKeyBuffer,
  EASTER_EGG_DURATION_MS,
  EASTER_EGG_SPRITE_PX,
  EASTER_EGG_SPRITES,
  makeSprites,
} from './easterEgg';

const type = (buffer: ReturnType<typeof createKeyBuffer>, text: string) =>
  [...text].map((key) => buffer.push(key));

describe('the key buffer', () => {
  it("fires when 'emergency' is typed, on its last letter", () => {
    const buffer = createKeyBuffer();
    const results = type(buffer, 'emergency');
    expect(results.slice(0, -1).every((r) => !r)).toBe(true);
    expect(results.at(-1)).toBe(true);
  });
  it('ignores case and whatever came before, and skips non-letter keys', () => {
    const buffer = createKeyBuffer();
    type(buffer, 'xxEMERG');
    expect(buffer.push('Shift')).toBe(false);
    expect(type(buffer, 'ency').at(-1)).toBe(true);
  });
  it('does not fire on a typo and starts over after firing', () => {
    const buffer = createKeyBuffer();
    expect(type(buffer, 'emergancy').some(Boolean)).toBe(false);
    expect(type(buffer, 'emergency').at(-1)).toBe(true);
    expect(type(buffer, 'y').at(-1)).toBe(false);
  });
});

describe('the click counter', () => {
  it('fires on the 20th click, then counts again from zero', () => {
    const counter = createClickCounter();
    for (let i = 1; i < 20; i += 1) expect(counter.click()).toBe(false);
    expect(counter.count).toBe(19);
    expect(counter.click()).toBe(true);
    expect(counter.count).toBe(0);
  });
});

describe('the sprites', () => {
  it('are ten sprites of 48 px that are all gone within 15 seconds', () => {
    expect(EASTER_EGG_SPRITE_PX).toBe(48);
    expect(EASTER_EGG_DURATION_MS).toBe(15_000);
    const sprites = makeSprites(3);
    expect(sprites).toHaveLength(EASTER_EGG_SPRITES);
    expect(EASTER_EGG_SPRITES).toBe(10);
    for (const sprite of sprites) expect(sprite.delay + sprite.duration).toBeLessThanOrEqual(15);
    expect(new Set(sprites.map((s) => s.kind))).toEqual(new Set(['astronaut', 'alien']));
  });
  it('are deterministic per seed', () => {
    expect(makeSprites(7)).toEqual(makeSprites(7));
  });
});
