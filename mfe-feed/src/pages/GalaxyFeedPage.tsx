import { GALAXY_FEED } from '@skynet/contract';
import { feedApi, PageHeader } from '@skynet/kit';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';
import { withHeadStart } from '../lib/firstPage';

// Its first page may already be on its way (App.tsx starts it when the visitor arrives on /feed).
const galaxyPage = withHeadStart(feedApi.galaxy);

/** Its heading, also in the page's signed-in template (../prerender/index.tsx). */
export const GALAXY_FEED_TITLE = 'Galactic Feed';

export default function GalaxyFeedPage() {
  return (
    <Page>
      <PageHeader title={GALAXY_FEED_TITLE} />
      {/* The galaxy feed numbers its pages from 1 (spec point 4); posts published meanwhile wait behind a button. */}
      <PostList fetchPage={galaxyPage} firstPage={1} label={GALAXY_FEED_TITLE} live={GALAXY_FEED} />
    </Page>
  );
}
