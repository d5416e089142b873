// A canary whose page throws while rendering is replaced by its stable version (applications.ts, canaryGuard). Its
// error boundary renders nothing, and stable's code and page take a moment to arrive: without these, the area was
// empty for 0.24-0.45 s (issue 33). Instead the area keeps the last picture the canary showed, inert, until stable
// has put something of its own there, in the same frame.

/** Watches an area's elements so that the picture it showed last can be put back. */
export interface AreaWatch {
  /**
   * Undoes the changes since the last frame (the boundary's removal): the area shows its last picture again, inert.
   */
  restore(): Node[];
  stop(): void;
}

export function watchArea(area: HTMLElement): AreaWatch {
  // The records are dropped at each microtask checkpoint (before any frame): what is pending is this frame's.
  const observer = new MutationObserver(() => {});
  observer.observe(area, { childList: true, subtree: true });
  return {
    restore() {
      for (const record of observer.takeRecords().reverse()) {
        const parent = record.target;
        for (const node of record.addedNodes) if (node.parentNode === parent) parent.removeChild(node);
        const before = record.nextSibling?.parentNode === parent ? record.nextSibling : null;
        for (const node of record.removedNodes) if (!node.parentNode) parent.insertBefore(node, before);
      }
      const picture = Array.from(area.childNodes);
      // Nobody renders it any more: it is shown, not used.
      for (const node of picture) if (node instanceof Element) node.setAttribute('inert', '');
      return picture;
    },
    stop: () => observer.disconnect(),
  };
}

/**
 * Unmounts the failed version behind `picture`: the area, emptied by the unmount, gets the picture back at once
 * (before any observer or frame sees it empty); whatever the unmount left is removed.
 */
export async function unmountBehind(
  area: HTMLElement,
  picture: Node[],
  unmount: () => Promise<void>,
): Promise<void> {
  const done = unmount().catch(() => {});
  const keep = () => {
    for (const node of Array.from(area.childNodes)) if (!picture.includes(node)) area.removeChild(node);
    area.append(...picture);
  };
  keep();
  await done;
  keep();
}

const shows = (node: Node) => node.nodeType === Node.ELEMENT_NODE || Boolean(node.textContent?.trim());

/**
 * Keeps `picture` (nodes nobody renders any more) in `area` until something else shows there, then removes it in
 * the same frame; put back whenever the area would be left without anything to show. At most `limit` ms.
 */
export function holdPicture(area: HTMLElement, picture: Node[], limit = 10_000): void {
  if (!picture.some(shows)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => {
    const replaced = Array.from(area.childNodes).some((node) => !picture.includes(node) && shows(node));
    if (replaced) return release();
    if (picture.some((node) => node.parentNode !== area)) area.append(...picture);
  });
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const node of picture) if (node.parentNode === area) area.removeChild(node);
  };
  observer.observe(area, { childList: true });
  timer = setTimeout(release, limit);
}
