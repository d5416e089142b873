// Toasts, spec point 9: top-right, auto-close 5,000 ms, pause on hover and on focus loss, drag to dismiss at 80%.
// The shell renders <ToastHost /> once; every remote calls notify.* (same singleton, same container).
// react-toastify (about 10 KB gzip) is fetched on the first toast, not with the page: most visits never toast.
// Toasts raised before its container mounts are queued by react-toastify and shown as soon as it does.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: true,
} as const;

const loadToastify = () => import('react-toastify');

let wanted = false;
const listeners = new Set<() => void>();
const want = () => {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const Container = lazy(async () => {
  const { Bounce, ToastContainer } = await loadToastify();
  // The dark theme, coloured with the product's tokens by the shell's global CSS.
  return {
    default: () => (
      <ToastContainer {...TOAST_DEFAULTS} theme="dark" transition={Bounce} newestOnTop limit={4} />
    ),
  };
});

export function ToastHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => wanted,
  );
  return show ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}

type Kind = 'success' | 'error' | 'info' | 'warning';

/** The error toasts raised so far: a success takes those still up away (issue 35). */
const errors = new Set<string | number>();

function raise(kind: Kind, text: string, options?: ToastOptions): void {
  want();
  void loadToastify().then(({ toast }) => {
    // What went right says the earlier try's error is over: left up, it reads as if the retry had failed too.
    if (kind === 'success') {
      for (const id of errors) toast.dismiss(id);
      errors.clear();
    }
    const id = toast[kind](text, options);
    if (kind === 'error') errors.add(id);
  });
}

export const notify = {
  success: (text: string, options?: ToastOptions) => raise('success', text, options),
  error: (text: string, options?: ToastOptions) => raise('error', text, options),
  info: (text: string, options?: ToastOptions) => raise('info', text, options),
  warning: (text: string, options?: ToastOptions) => raise('warning', text, options),
  dismissAll: () => void loadToastify().then(({ toast }) => toast.dismiss()),
};
