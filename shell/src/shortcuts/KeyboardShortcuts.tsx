import { paths } from '@skynet/kit';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { focusSearchBox, shortcutHandler } from './shortcuts';

const ShortcutsDialog = lazy(() => import('./ShortcutsDialog'));

/** Listens for the global shortcuts while a signed-in page shows; `?` opens the list of them all. */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const pathname = useRef('');
  pathname.current = useLocation().pathname;
  useEffect(() => {
    const onKey = shortcutHandler({
      navigate: (path) => navigate(path),
      search: () => {
        if (!/^\/search(\/|$)/.test(pathname.current)) navigate(paths.search());
        focusSearchBox();
      },
      help: () => setHelp(true),
    });
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);
  return help ? (
    <Suspense fallback={null}>
      <ShortcutsDialog onClose={() => setHelp(false)} />
    </Suspense>
  ) : null;
}
