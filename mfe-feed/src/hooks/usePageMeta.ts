// Page metadata beyond the title PageHeader sets: an exact document title, a description and a share image
// (spec point 2: profile and post pages). Previous values come back when the page goes away.
import { useEffect } from 'react';

interface Meta {
  /** The exact document title (no suffix added). */
  title?: string | null;
  description?: string | null;
  image?: string | null;
}

function setMeta(attr: 'name' | 'property', key: string, value: string | null | undefined): () => void {
  if (!value) return () => {};
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  const previous = el.content;
  el.content = value;
  return () => {
    if (created) el.remove();
    else el.content = previous;
  };
}

export function usePageMeta({ title, description, image }: Meta): void {
  // Runs after PageHeader's own title effect (a parent's effects run after its children's), so it wins.
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  useEffect(() => {
    const undo = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:image', image),
    ];
    return () => {
      for (const fn of undo) fn();
    };
  }, [title, description, image]);
}
