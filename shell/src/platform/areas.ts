import { setApiPage } from '@skynet/shared';

/** Each remote renders into its own element inside <main>, created once and never re-created. */
export function areaElement(remote: string): HTMLElement {
  const id = `area-${remote}`;
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    element.dataset.area = remote;
    document.getElementById('areas')?.appendChild(element);
  }
  return element;
}

let current: string | undefined;
let first: string | undefined;

/**
 * The remote whose area shows the current route (undefined on a page of the shell's own), and the first one this
 * page load showed (the page's largest paint is its). API calls and the page's measures are attributed to them.
 */
export const currentArea = () => current;
export const firstArea = () => first;

/** A route's area mounts (shown) or unmounts: the API calls that follow name it (x-skynet-area). */
export function areaShown(remote: string, shown: boolean): void {
  if (shown) {
    current = remote;
    first ??= remote;
  } else if (current === remote) current = undefined;
  setApiPage({ area: current });
}
