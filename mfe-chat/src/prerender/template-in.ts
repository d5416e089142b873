// What both of this remote's fills use to find their templates in the page's drawing.

/** The drawing's <template> element marked `attribute`: throws (the fill then takes the drawing away) without one. */
export function templateIn(markup: HTMLElement, attribute: string): HTMLTemplateElement {
  const found = markup.querySelector<HTMLTemplateElement>(`template[${attribute}]`);
  if (!found) throw new Error(`no ${attribute}`);
  return found;
}
