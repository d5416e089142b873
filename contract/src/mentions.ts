// Mentions (@name) and tags (#tag) in a post's text (issue 35): one reading for the API (what a post mentions and is
// tagged with) and the browser (which parts of the text become links), so both always agree.
import {
  MENTIONS_MAX,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  USER_NAME_MAX_LENGTH,
  USER_NAME_MIN_LENGTH,
} from './limits.js';

/** One part of a post's text: plain text, a mention (`value`: the name) or a tag (`value`: the tag, lowercase). */
export interface TextPart {
  kind: 'text' | 'mention' | 'tag';
  /** The characters as written ('@Alice', '#Mars', or the plain text). */
  text: string;
  /** The user name without '@' as written, the tag without '#' in lowercase; the text itself for plain text. */
  value: string;
}

/** The characters of a tag: Unicode letters (with their marks), digits and '_'. */
const TAG_CHARS = String.raw`\p{L}\p{M}\p{N}_`;

/**
 * Web addresses (kept whole as text: `https://x.org/@a#top` mentions no one and tags nothing), then a mention (not
 * after a letter or digit, so an e-mail address is none) and a tag (not after a letter, digit or '&', so `a#b` and
 * `&#39;` are none). The candidates are checked for length in `splitMentionsAndTags`.
 */
const PARTS = new RegExp(
  String.raw`(https?:\/\/\S+)|(?<![\p{L}\p{N}_])@([A-Za-z0-9_.\-]+)|(?<![${TAG_CHARS}&])#([${TAG_CHARS}]+)`,
  'giu',
);

/** A tag as a whole (no '#'): what GET /feed/tag/{tag} and the search accept. */
export const TAG_PATTERN = new RegExp(`^[${TAG_CHARS}]{1,${TAG_MAX_LENGTH}}$`, 'u');

/**
 * A tag as someone typed it ('#Mars', '%23mars', 'mars') in the form it is stored and compared: without the '#',
 * lowercase. Null when it is not a tag.
 */
export function normalizeTag(given: string): string | null {
  const bare = given.trim().replace(/^(#|%23)/i, '');
  return TAG_PATTERN.test(bare) ? bare.toLowerCase() : null;
}

/**
 * The text in parts, in order, joined they are the text again: plain text, `@name` mentions (3 to 30 user-name
 * characters; a '.' or '-' ending a sentence is left out) and `#tag` tags (1 to 50 letters, digits or '_').
 * Text that only looks like one (too long, too short) stays text. Every mention and tag is a part, before any cap.
 */
export function splitMentionsAndTags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  const flush = () => {
    if (plain) parts.push({ kind: 'text', text: plain, value: plain });
    plain = '';
  };
  let last = 0;
  for (const m of text.matchAll(PARTS)) {
    const at = m.index;
    plain += text.slice(last, at);
    last = at + m[0].length;
    const [whole, , name, tag] = m;
    if (name !== undefined) {
      const trimmed = name.replace(/[.-]+$/, '');
      if (trimmed.length >= USER_NAME_MIN_LENGTH && trimmed.length <= USER_NAME_MAX_LENGTH) {
        flush();
        parts.push({ kind: 'mention', text: `@${trimmed}`, value: trimmed });
        plain += name.slice(trimmed.length);
        continue;
      }
    } else if (tag !== undefined && tag.length <= TAG_MAX_LENGTH) {
      flush();
      parts.push({ kind: 'tag', text: whole, value: tag.toLowerCase() });
      continue;
    }
    plain += whole;
  }
  plain += text.slice(last);
  flush();
  return parts;
}

/**
 * Whom a text mentions and what it is tagged with, each once in the order first written, at most MENTIONS_MAX names
 * (compared without regard to case, as user names are) and TAGS_MAX tags (lowercase).
 */
export function mentionsAndTags(text: string): { names: string[]; tags: string[] } {
  const names: string[] = [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of splitMentionsAndTags(text)) {
    if (part.kind === 'mention' && names.length < MENTIONS_MAX && !seen.has(part.value.toLowerCase())) {
      seen.add(part.value.toLowerCase());
      names.push(part.value);
    } else if (part.kind === 'tag' && tags.length < TAGS_MAX && !tags.includes(part.value)) {
      tags.push(part.value);
    }
  }
  return { names, tags };
}
