// The HTML's script for `/settings`' signed-in drawing (./index.tsx): the page paints with the HTML, then its
// scripts start, and SettingsPage takes the drawing's place when it renders (useReplacesPrerendered). Its links work
// as plain links meanwhile; its buttons and fields are disabled until the real page is there, so a press or a word
// typed before is not silently lost in a drawing about to go (and a browser test waits for the real control). No
// session (the probe in <head> found no token) or developer overrides (the head start started nothing then): the
// drawing goes and the page's scripts start at once, as on any page.
import { showDrawnPage } from '@skynet/contract';

export function showSettingsDrawing(): void {
  showDrawnPage((drawing) => {
    for (const control of drawing.querySelectorAll('button, input, select, textarea'))
      control.setAttribute('disabled', '');
  });
}
