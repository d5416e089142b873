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
