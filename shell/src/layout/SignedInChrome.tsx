import { useSession } from '@skynet/shared';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { DESKTOP, useMediaQuery, WIDE_DESKTOP } from './media';
import { HeaderNotificationsLink, NavigationBar } from './NavigationBar';
import { useUnreadCounts } from './unread';

const SideColumn = lazy(() => import('./SideColumn'));

/** Pages that use the whole stage beside the rail: the galaxy map and the solar system have no side column. */
const STAGE_PAGES = /^\/(home|planets)?\/?$/;

/**
 * What every signed-in page has around its area (issue 22): the navigation (bottom bar on phones and tablets, rail
 * on a desktop) with the unread counts in its link names, the Notifications link (rail, or the page header's row on
 * a phone), and at xl the side column.
 */
export function SignedInChrome() {
  const { user } = useSession();
  const counts = useUnreadCounts(user?._id ?? null);
  const desktop = useMediaQuery(DESKTOP);
  const wide = useMediaQuery(WIDE_DESKTOP);
  const { pathname } = useLocation();
  return (
    <>
      {!desktop && <HeaderNotificationsLink counts={counts} />}
      <NavigationBar counts={counts} rail={desktop} />
      {wide && !STAGE_PAGES.test(pathname) && (
        <Suspense fallback={null}>
          <SideColumn />
        </Suspense>
      )}
    </>
  );
}
