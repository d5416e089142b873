// Realistic data for the front-end benches, made through the real API of a served product (tooling/site/product.mjs):
// two users with home planets who post, follow each other, like, save, comment and talk, so every signed-in page a
// bench loads shows real content. Sign-up is rate limited per address (10 per 10 minutes where the limit is on):
// a bench seeds once per served product and reuses the two users for every page and run.
import { signUp } from './sign-up.mjs';

const LINES = [
  'Morning over the northern dunes: the twin suns came up pink through the dust, and the rover crew cheered.',
  'Anyone else watching the aurora tonight? It is green and violet over the ridge, brighter than last week.',
  'Finished repairing the greenhouse seals. Tomatoes are back on the menu in about three weeks.',
  'The supply ship is two days late again. Rationing coffee, which is the real emergency here.',
  'Tip for new arrivals: the dome lights dim at 22:00 local time, so charge your suit before then.',
  'Measured the wind in the canyon today, 140 km/h at noon. The anemometer survived, my hat did not.',
  'Our reading club picked a novel about the first crossing. Meeting in the observation deck on Friday.',
  'Saw the aurora from the crater rim for the first time. No photo does it justice.',
  'New trail mapped between the mining camp and the lake bed: six hours on foot, two by crawler.',
  'The kids built a solar oven out of spare panels and baked bread in it. Best bread on the planet.',
  'Long night shift at the comms array. Listening to the background hiss is oddly calming.',
  'Quick poll: should the market move to the lower ring? The upper one gets far too hot in the afternoon.',
];
const MESSAGES = [
  'Hi! Saw your post about the aurora. Where did you watch it from?',
  'From the crater rim, about an hour north of the dome. Bring a thermal layer, it gets cold.',
  'Thanks! Is the trail marked all the way?',
  'Mostly. Take the left fork after the radio mast, the right one ends at a cliff.',
  'Good to know. I will try on Saturday if the dust settles.',
  'Send me a photo if you do!',
];

/** A JSON call to the product's API; throws with the answer's status and error text when it fails. */
export async function api(baseURL, token, method, path, body) {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} /api${path}: ${response.status} ${answer.error ?? ''}`);
  return answer;
}

/** Signs a user up with `planet` as home and returns its token, id and name. */
async function person(baseURL, planet, role) {
  const token = await signUp(baseURL, { planetId: planet._id, prefix: role });
  const me = (await api(baseURL, token, 'GET', '/user')).value;
  return { token, id: me._id, userName: me.userName, planet };
}

/** Posts `content` as `user` on the user's home planet; returns the post. */
export async function post(baseURL, user, content) {
  const location = { latitude: 12.5, longitude: -40.25, planetId: user.planet._id };
  return (await api(baseURL, user.token, 'POST', '/post', { content, location })).value;
}

/** Slug of a planet's name, as the product's links make it (kit/src/paths.ts). */
export const slugify = (name) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'planet';

/**
 * Seeds two users (the reader, signed in by the benches, and a friend on another planet), 24 posts by both on their
 * home planets, follows both ways, a like, a save and comments on one of the friend's posts, and a conversation of
 * six messages. Returns the users, the reader's home planet, the post and a search term, and the signed-in routes
 * to measure with those ids filled in.
 * @param {string} baseURL
 */
export async function seed(baseURL) {
  const planets = (await api(baseURL, null, 'GET', '/planet')).value;
  const reader = await person(baseURL, planets[2], 'reader');
  const friend = await person(baseURL, planets[3] ?? planets[0], 'friend');
  let featured = null;
  for (let i = 0; i < LINES.length; i++) {
    await post(baseURL, reader, LINES[i]);
    const made = await post(baseURL, friend, LINES[(i + 5) % LINES.length]);
    if (i === 7) featured = made;
  }
  // The friend's post shown at /post/{id}: liked and saved by the reader, with a conversation under it.
  await api(baseURL, reader.token, 'POST', `/post/${featured._id}/like`);
  await api(baseURL, reader.token, 'POST', `/post/${featured._id}/save`);
  for (const [who, content] of [
    [reader, 'Stunning. Was it this bright all night?'],
    [friend, 'Brightest around two in the morning, then it faded.'],
    [reader, 'Setting an alarm for next time.'],
  ])
    await api(baseURL, who.token, 'POST', `/post/${featured._id}/comment`, { content });
  await api(baseURL, reader.token, 'POST', `/user/${friend.id}/follow`);
  await api(baseURL, friend.token, 'POST', `/user/${reader.id}/follow`);
  for (let i = 0; i < MESSAGES.length; i++) {
    const [from, to] = i % 2 ? [friend, reader] : [reader, friend];
    await api(baseURL, from.token, 'POST', '/user/chat', { content: MESSAGES[i], receiverId: to.id });
  }
  const searchTerm = 'aurora';
  const planet = reader.planet;
  return {
    reader,
    friend,
    planet,
    postId: featured._id,
    searchTerm,
    /** Every signed-in route of issue 23, in its order, with the seeded ids. */
    routes: [
      '/feed',
      '/home',
      '/home-list',
      `/feed/${slugify(planet.name)}/${planet._id}`,
      `/post/${featured._id}`,
      '/profile',
      `/user/${friend.id}`,
      '/messages',
      `/messages/${friend.id}`,
      '/search',
      `/search/${searchTerm}`,
      '/settings',
    ],
  };
}
