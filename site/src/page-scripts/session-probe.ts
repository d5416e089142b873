// In <head>, before the body is parsed: a visitor with a saved token is probably signed in, so the signed-out markup
// stays hidden (no flash of the landing page before the map). The shell removes the markup either way.
import { TOKEN_KEY } from '@skynet/contract';

try {
  if (localStorage.getItem(TOKEN_KEY)) document.documentElement.classList.add('has-session');
} catch {
  // Storage refused (a privacy mode): the signed-out markup shows until the shell decides.
}
