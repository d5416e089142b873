// Renders one auth screen inside a router with the toast container, and shows where navigation went.
import { ToastHost } from '@skynet/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

export function renderRoute(routePath: string, element: ReactElement, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ToastHost />
      <Routes>
        <Route path={routePath} element={element} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** An error shaped like axios's for an HTTP answer with a status and a body. */
export function httpError(status: number, data: unknown = {}): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data },
  });
}
