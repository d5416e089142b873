import { feedApi, PageHeader } from '@skynet/kit';
import { Page } from '../components/Page';
import { PostList } from '../components/PostList';

export default function SavedPage() {
  return (
    <Page>
      <PageHeader title="Saved" />
      {/* History lists number their pages from 0 (spec point 4). */}
      <PostList fetchPage={feedApi.saved} firstPage={0} label="Saved posts" />
    </Page>
  );
}
