/** Full-page navigation to another site (the identity provider): its own module so tests can replace it. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
