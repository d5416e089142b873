import { FOLLOWING_FEED, GALAXY_FEED } from '@skynet/contract';
import { feedApi, PageHeader, paths } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FEED_PANEL_ID, FeedTabs, tabId } from '../components/FeedTabs';
import { Notice, Page } from '../components/Page';
import { PostList } from '../components/PostList';
import { FEED_TAB_PARAM, type FeedTab, initialTab, rememberTab } from '../lib/feedTab';
import { withHeadStart } from '../lib/firstPage';

// Its first page may already be on its way (App.tsx starts it when the visitor arrives on /feed).
const galaxyPage = withHeadStart(feedApi.galaxy);

/** Its heading, also in the page's signed-in template (../prerender/index.tsx). */
export const GALAXY_FEED_TITLE = 'Galactic Feed';
export const FOLLOWING_FEED_LABEL = 'Following';

/** The Following tab's empty state: where to find people to follow. */
function NoOneFollowed() {
  return (
    <Notice>
      Posts of the people you follow show here, with your own. Find people in{' '}
      <Link to={paths.search()}>Search</Link> or on the <Link to={paths.homeList()}>planets’ feeds</Link>.
    </Notice>
  );
}

/**
 * `/feed`: the Galactic Feed (spec) and, as its first tab, the Following timeline (issue 35). The tab shown is the
 * address's `?tab=`, else the person's last choice, else Galaxy.
 */
export default function GalaxyFeedPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<FeedTab>(() => initialTab(user?._id, params.get(FEED_TAB_PARAM)));
  const choose = (next: FeedTab) => {
    setTab(next);
    rememberTab(user?._id, next);
    if (params.has(FEED_TAB_PARAM)) setParams({}, { replace: true });
  };
  return (
    <Page>
      <PageHeader title={GALAXY_FEED_TITLE} />
      <FeedTabs value={tab} onChange={choose} />
      <div role="tabpanel" id={FEED_PANEL_ID} aria-labelledby={tabId(tab)}>
        {tab === 'following' ? (
          <PostList
            key="following"
            fetchPage={feedApi.following}
            firstPage={1}
            label={FOLLOWING_FEED_LABEL}
            live={FOLLOWING_FEED}
            empty={<NoOneFollowed />}
          />
        ) : (
          // The galaxy feed numbers its pages from 1 (spec point 4); posts published meanwhile wait behind a button.
          <PostList
            key="galaxy"
            fetchPage={galaxyPage}
            firstPage={1}
            label={GALAXY_FEED_TITLE}
            live={GALAXY_FEED}
          />
        )}
      </div>
    </Page>
  );
}
