import { feedApi, PageHeader } from '@skynet/kit';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';

export default function CommentedPage() {
  return (
    <Page>
      <PageHeader title="Commented" />
      {/* History lists number their pages from 0 (spec point 4). */}
      <PostList fetchPage={feedApi.commented} firstPage={0} label="Commented posts" />
    </Page>
  );
}
