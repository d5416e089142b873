import { GALAXY_FEED } from '@skynet/contract';
import { feedApi, PageHeader } from '@skynet/kit';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';
import { withHeadStart } from '../lib/firstPage';

// Its first page may already be on its way (App.tsx starts it when the visitor arrives on /feed).
const galaxyPage = withHeadStart(feedApi.galaxy);

export default function GalaxyFeedPage() {
  return (
    <Page>
      <PageHeader title="Galactic Feed" />
      {/* The galaxy feed numbers its pages from 1 (spec point 4); posts published meanwhile wait behind a button. */}
      <PostList fetchPage={galaxyPage} firstPage={1} label="Galactic Feed" live={GALAXY_FEED} />
    </Page>
  );
}
