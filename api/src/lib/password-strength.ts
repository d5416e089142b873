// Password strength (issue 32 item 1): zxcvbn-ts, the strength estimator shipped with the product (its common-password,
// English and name dictionaries and keyboard graphs; no network call), refuses passwords an attacker guesses early:
// `password`, `12345678`, keyboard walks, dictionary words with obvious substitutions, and anything built from the
// person's own name or e-mail. Applied at sign-up, reset and change (400 with the reason).
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { badRequest } from './errors.js';

/**
 * The lowest zxcvbn score accepted (0-4). 2 is "somewhat guessable": about 10^6 guesses or more, safe against
 * online guessing with the sign-in limits in place (docs/security.md). 3 would refuse passphrases like
 * "correct horse battery" and "race password 1" that the product's own tests and many people use.
 */
export const MIN_PASSWORD_SCORE = 2;

/** How much of a password the estimator reads. */
const CHECKED_LENGTH = 48;

let estimator: Promise<ZxcvbnFactory> | null = null;

/** The estimator, built once on first use (loading and indexing the dictionaries takes about 0.5 s once). */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
      // The l33t matcher's cost grows with substitutions: capped, a worst-case check (48 characters of mixed l33t) stays near 20 ms on the build machine.
      l33tMaxSubstitutions: 3,
    });
  })();
  estimator.catch(() => {
    estimator = null;
  });
  return estimator;
}

/**
 * Builds the estimator now (serve.ts, before the server listens): its ~0.4 s of indexing blocks the event loop once,
 * and better at start-up than in the first sign-up's request.
 */
export const warmPasswordCheck = async (): Promise<void> => {
  await loadEstimator();
};

export interface PasswordVerdict {
  ok: boolean;
  score: number;
  /** Why it is refused, for people (null when accepted). */
  reason: string | null;
}

/** Words of the user name and e-mail that count against a password (the whole name, the local part, its pieces). */
function personalWords(person: { userName?: string | null; email?: string | null }): string[] {
  const words = new Set<string>();
  const add = (w: string) => {
    const t = w.trim().toLowerCase();
    if (t.length >= 3) words.add(t);
  };
  if (person.userName) {
    add(person.userName);
    for (const part of person.userName.split(/[^\p{L}\p{N}]+/u)) add(part);
  }
  if (person.email) {
    const local = person.email.split('@')[0] ?? '';
    add(local);
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) add(part);
    const domain = person.email.split('@')[1]?.split('.')[0];
    if (domain) add(domain);
  }
  return [...words];
}

/** How strong a password is for this person: refused below MIN_PASSWORD_SCORE or when it contains their name. */
export async function judgePassword(
  password: string,
  person: { userName?: string | null; email?: string | null } = {},
): Promise<PasswordVerdict> {
  const zxcvbn = await loadEstimator();
  const lower = password.toLowerCase();
  const name = person.userName?.trim().toLowerCase();
  const local = person.email?.split('@')[0]?.trim().toLowerCase();
  if (
    (name && name.length >= 3 && lower.includes(name)) ||
    (local && local.length >= 3 && lower.includes(local))
  )
    return {
      ok: false,
      score: 0,
      reason: 'The password must not contain your user name or e-mail address. Choose something else.',
    };
  // The first CHECKED_LENGTH characters only: they bound the time a check takes, and 48 characters that pass are
  // not made weak by what follows.
  const result = zxcvbn.check(password.slice(0, CHECKED_LENGTH), personalWords(person));
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true, score: result.score, reason: null };
  const warning = result.feedback.warning?.replace(/\.$/, '');
  return {
    ok: false,
    score: result.score,
    reason: warning
      ? `This password is too easy to guess: ${lowerFirst(warning)}. Add another word or two.`
      : 'This password is too easy to guess. Add another word or two.',
  };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Throws a 400 with the reason when the password is too weak (sign-up, reset, change). */
export async function requireStrongPassword(
  password: string,
  person: { userName?: string | null; email?: string | null } = {},
): Promise<void> {
  const verdict = await judgePassword(password, person);
  if (!verdict.ok) throw badRequest(verdict.reason ?? 'This password is too easy to guess.');
}
