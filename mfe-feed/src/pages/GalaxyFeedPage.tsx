import { feedApi, PageHeader } from '@skynet/shared';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';

export default function GalaxyFeedPage() {
  return (
    <Page>
      <PageHeader title="Galactic Feed" />
      {/* The galaxy feed numbers its pages from 1 (spec point 4). */}
      <PostList fetchPage={feedApi.galaxy} firstPage={1} label="Galactic Feed" />
    </Page>
  );
}
