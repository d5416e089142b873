// The HTML's script for `/settings`' signed-in drawing (./index.tsx): the page paints with the HTML, then its
// scripts start, and SettingsPage takes the drawing's place when it renders (useReplacesPrerendered). Its links work
// as plain links meanwhile; its forms send nothing (what is typed there is not kept). No session (the probe in <head> found no token) or developer overrides (the head start
// started nothing then): the drawing goes and the page's scripts start at once, as on any page.
import { showDrawnPage } from '@skynet/contract';

export function showSettingsDrawing(): void {
  showDrawnPage((drawing) => {
    for (const form of drawing.querySelectorAll('form'))
      form.addEventListener('submit', (event) => event.preventDefault());
  });
}
