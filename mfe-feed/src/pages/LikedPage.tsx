import { feedApi, PageHeader } from '@skynet/kit';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';

export default function LikedPage() {
  return (
    <Page>
      <PageHeader title="Liked" />
      {/* History lists number their pages from 0 (spec point 4). */}
      <PostList fetchPage={feedApi.liked} firstPage={0} label="Liked posts" />
    </Page>
  );
}
