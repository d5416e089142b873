// Toasts, spec point 9: top-right, auto-close 5,000 ms, pause on hover and on focus loss, drag to dismiss at 80%.
// The shell renders <ToastHost /> once; every remote calls notify.* (same singleton, same container).
import { Bounce, ToastContainer, type ToastOptions, toast } from 'react-toastify';

export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: true,
} as const;

export function ToastHost() {
  return <ToastContainer {...TOAST_DEFAULTS} transition={Bounce} newestOnTop limit={4} />;
}

export const notify = {
  success: (text: string, options?: ToastOptions) => toast.success(text, options),
  error: (text: string, options?: ToastOptions) => toast.error(text, options),
  info: (text: string, options?: ToastOptions) => toast.info(text, options),
  warning: (text: string, options?: ToastOptions) => toast.warning(text, options),
  dismissAll: () => toast.dismiss(),
};
