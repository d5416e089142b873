import { type ComponentType, StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';

/** What single-spa hands a mounted remote; `domElement` is the area the shell gave it. */
export interface AreaProps {
  name: string;
  domElement: HTMLElement;
  /**
   * Set by the shell when it can replace the area (a canary with a stable version to fall back to): an error thrown
   * while rendering goes to it, and the area shows nothing instead of the fallback with Retry.
   */
  onRenderError?: (error: Error) => void;
  [key: string]: unknown;
}

export interface Lifecycles {
  bootstrap: (props: AreaProps) => Promise<void>;
  mount: (props: AreaProps) => Promise<void>;
  unmount: (props: AreaProps) => Promise<void>;
}

/**
 * Turns a remote's root component into single-spa lifecycles: its own router, an error boundary,
 * and a clean unmount (the React root is torn down and the area emptied, so nothing is left behind).
 * The root component's routes should end with `<Route path="*" element={null} />`.
 */
export function createLifecycles(area: string, App: ComponentType): Lifecycles {
  const roots = new Map<HTMLElement, Root>();
  return {
    async bootstrap() {},
    async mount({ domElement, onRenderError }) {
      const root = createRoot(domElement, { identifierPrefix: `${area}-` });
      roots.set(domElement, root);
      // A transition: React renders the area in slices and yields between them, so a first render never holds
      // the main thread in one long task (issue 9: total blocking time).
      startTransition(() => {
        root.render(
          <StrictMode>
            <ErrorBoundary area={area} {...(onRenderError ? { onError: onRenderError } : {})}>
              <BrowserRouter>
                <App />
              </BrowserRouter>
            </ErrorBoundary>
          </StrictMode>,
        );
      });
    },
    async unmount({ domElement }) {
      roots.get(domElement)?.unmount();
      roots.delete(domElement);
      domElement.replaceChildren();
    },
  };
}
