// A post's text with its links (issue 35): web addresses (only http and https, opened in a new tab that gets no handle
// on this one (noopener) and no referrer, marked as user-written: nofollow ugc), and the `@name` and `#tag` the server
// found in it (the post's `mentions` and `tags`: a name nobody has stays text) to the person's profile and the tag's
// feed. The rest of the text stays text.
import { type Post, splitMentionsAndTags } from '@skynet/contract';
import { paths } from '@skynet/kit';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** An address, not ending in punctuation that ends the sentence ("see https://x.org."); captured for split(). */
const ADDRESS = /(\bhttps?:\/\/[^\s<>"]*[^\s<>".,;:!?')\]])/i;

/** What the server found in the text: whom it mentions and its tags. */
export interface TextReferences {
  mentions: readonly Post['mentions'][number][];
  tags: readonly string[];
}

export function withLinks(text: string, className?: string, references?: TextReferences): ReactNode {
  const parts = text.split(ADDRESS);
  const referring = references && (references.mentions.length > 0 || references.tags.length > 0);
  if (parts.length === 1 && !referring) return text;
  // split() with a captured group alternates: text, address, text, address, ..., text.
  return parts.map((part, index) =>
    index % 2 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer nofollow ugc" className={className}>
        {part}
      </a>
    ) : referring ? (
      withReferences(part, references, className, index)
    ) : (
      part
    ),
  );
}

function withReferences(
  text: string,
  { mentions, tags }: TextReferences,
  className: string | undefined,
  at: number,
) {
  return splitMentionsAndTags(text).map((part, index) => {
    const key = `${at}.${index}`;
    if (part.kind === 'mention') {
      const name = part.value.toLowerCase();
      const person = mentions.find((m) => m.userName.toLowerCase() === name);
      if (person)
        return (
          <Link key={key} to={paths.user(person._id)} className={className}>
            {part.text}
          </Link>
        );
    } else if (part.kind === 'tag' && tags.includes(part.value)) {
      return (
        <Link key={key} to={paths.tag(part.value)} className={className}>
          {part.text}
        </Link>
      );
    }
    return part.text;
  });
}
