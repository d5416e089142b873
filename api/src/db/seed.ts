import { PLANETS, type PlanetDefinition } from '@skynet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from './database.js';
import { faqs, feedCounter, planets } from './schema.js';

export type PlanetSeed = PlanetDefinition;

/** Mercury to Pluto: @skynet/contract's planet table. */
export { PLANETS };

export const planetImageUrl = (id: string) => `/api/planets/images/${id}.svg`;

/** A small, self-contained SVG of a planet (radial shading, Saturn with rings). */
export function planetSvg(p: PlanetSeed): string {
  const [light, mid, dark] = p.colors;
  const rings = p.rings
    ? `<ellipse cx="128" cy="128" rx="122" ry="30" fill="none" stroke="${mid}" stroke-width="10" stroke-opacity="0.75" transform="rotate(-18 128 128)"/>`
    : '';
  const bands =
    p.id === 'jupiter' || p.id === 'saturn'
      ? `<g clip-path="url(#c)" opacity="0.35"><rect x="0" y="88" width="256" height="10" fill="${dark}"/><rect x="0" y="120" width="256" height="14" fill="${light}"/><rect x="0" y="152" width="256" height="8" fill="${dark}"/></g>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${p.name}">
<defs><radialGradient id="g" cx="38%" cy="35%" r="70%"><stop offset="0%" stop-color="${light}"/><stop offset="55%" stop-color="${mid}"/><stop offset="100%" stop-color="${dark}"/></radialGradient>
<clipPath id="c"><circle cx="128" cy="128" r="${p.rings ? 72 : 100}"/></clipPath></defs>
<circle cx="128" cy="128" r="${p.rings ? 72 : 100}" fill="url(#g)"/>${bands}${rings}
</svg>`;
}

export const FAQS: { question: string; answer: string }[] = [
  {
    question: 'What is Skynet?',
    answer:
      'Skynet is an interplanetary social network: post short messages, follow people, search, and chat with anyone in the solar system.',
  },
  {
    question: 'How do I create an account?',
    answer:
      'Choose Sign up, enter a username, your e-mail address, a password and your home planet. You can also sign up with an identity provider.',
  },
  {
    question: 'How do I choose or change my home planet?',
    answer:
      'You pick a home planet when you sign up. It is shown on your profile and marked with a house in the planet list.',
  },
  {
    question: 'How long can a post be?',
    answer: 'A post is 1 to 324 characters long. Pick the planet it belongs to before you publish it.',
  },
  {
    question: 'How do I delete a post?',
    answer:
      'Open the post and use the delete button. Only the author or an administrator can delete a post; it then shows as deleted.',
  },
  {
    question: 'How do likes, saves and comments work?',
    answer:
      'Like or save any post from the feed; your liked, saved and commented posts are listed under Settings, History.',
  },
  {
    question: 'How do I follow someone?',
    answer:
      'Open their profile and press Follow. Your followers and the people you follow are listed in Settings, Account.',
  },
  {
    question: 'How do I send a direct message?',
    answer:
      'Open a profile and press Message, or go to Messages. Messages are delivered live, grouped by day.',
  },
  {
    question: 'How do I change my avatar?',
    answer: 'On your profile choose Change Avatar and pick a png, jpeg or webp image of at most 3 MB.',
  },
  {
    question: 'I forgot my password. What can I do?',
    answer:
      'Use Forgot your password on the login page. If an account exists for the address, we e-mail a reset link valid for one hour.',
  },
  {
    question: 'How do I change my username, e-mail or password?',
    answer: 'Go to Settings, Manage Account. Each change asks you to confirm first.',
  },
  {
    question: 'How do I delete my account?',
    answer:
      'Go to Settings, Manage Account, Delete Account and type the confirmation phrase. The account is removed for good after 30 days; contact support within that time to undo it.',
  },
  {
    question: 'Why are messages to other planets delayed?',
    answer:
      'They are not: Skynet delivers messages instantly everywhere. Data transfer delays mentioned in the terms refer to network conditions.',
  },
  {
    question: 'How do I contact support?',
    answer:
      'See the Support page for our e-mail address and phone number. Phone support is available in Canada only.',
  },
];

/** Idempotent seed of reference data; safe to run at every start and on every process. */
export async function seed(db: Db): Promise<void> {
  await db
    .insert(planets)
    .values(
      PLANETS.map((p, i) => ({
        id: p.id,
        name: p.name,
        position: i + 1,
        radius: p.radius,
        orbitRadius: p.orbitRadius,
        orbitDuration: p.orbitDuration,
        imageUrl: planetImageUrl(p.id),
      })),
    )
    .onConflictDoUpdate({
      target: planets.id,
      set: {
        name: sql`excluded.name`,
        position: sql`excluded.position`,
        radius: sql`excluded.radius`,
        orbitRadius: sql`excluded.orbit_radius`,
        orbitDuration: sql`excluded.orbit_duration`,
        imageUrl: sql`excluded.image_url`,
      },
    });
  await db.insert(feedCounter).values({ id: 1, value: 0 }).onConflictDoNothing();
  await db
    .insert(faqs)
    .values(FAQS.map((f, i) => ({ id: `faq-${String(i + 1).padStart(2, '0')}`, position: i + 1, ...f })))
    .onConflictDoUpdate({
      target: faqs.id,
      set: {
        position: sql`excluded.position`,
        question: sql`excluded.question`,
        answer: sql`excluded.answer`,
      },
    });
}
