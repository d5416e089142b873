// A post's web addresses as links (issue 35): only http and https, opened in a new tab that gets no handle on this
// one (noopener) and no referrer, marked as user-written (nofollow ugc). The rest of the text stays text.
import type { ReactNode } from 'react';

/** An address, not ending in punctuation that ends the sentence ("see https://x.org."); captured for split(). */
const ADDRESS = /(\bhttps?:\/\/[^\s<>"]*[^\s<>".,;:!?')\]])/i;

export function withLinks(text: string, className?: string): ReactNode {
  const parts = text.split(ADDRESS);
  if (parts.length === 1) return text;
  // split() with a captured group alternates: text, address, text, address, ..., text.
  return parts.map((part, index) =>
    index % 2 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer nofollow ugc" className={className}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
